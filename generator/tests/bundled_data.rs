//! The bundled data (`indexes/`, the standard's current files) loads, validates and derives.

mod common;

use std::fs;
use std::path::Path;

use encoding_gen::{derive, load_dir, load_dir_for_build, spec, ErrorKind};

fn bundled() -> encoding_gen::DataSet {
    load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../indexes"))
        .expect("bundled data is valid")
}

/// A build reads the txt files alone and gets the data set that `check` gets from both forms.
#[test]
fn the_build_reads_the_same_data_from_the_txt_files() {
    let dir = common::current();
    assert_eq!(load_dir_for_build(&dir).unwrap(), load_dir(&dir).unwrap());
}

/// A build does not read indexes.json beside the txt files (`check` cross-checks the two), and
/// reads it where there is no txt file.
#[test]
fn the_build_reads_indexes_json_only_without_txt_files() {
    let dir = common::scratch("build-reads-txt");
    common::copy_dir(&common::current(), &dir);
    fs::write(dir.join("indexes.json"), "{").unwrap();
    assert!(matches!(
        load_dir(&dir).unwrap_err().kind,
        ErrorKind::Json(_)
    ));
    assert_eq!(load_dir_for_build(&dir).unwrap().indexes, bundled().indexes);

    fs::copy(
        common::current().join("indexes.json"),
        dir.join("indexes.json"),
    )
    .unwrap();
    for (name, _) in encoding_gen::load::txt_files(&dir).unwrap() {
        fs::remove_file(dir.join(format!("index-{name}.txt"))).unwrap();
    }
    let from_json = load_dir_for_build(&dir).unwrap();
    let jis0208 = from_json.index("jis0208").unwrap();
    assert_eq!(jis0208.data, bundled().index("jis0208").unwrap().data);
    // Only the txt files have the Identifier and Date.
    assert_eq!(jis0208.meta.date, None);
}

#[test]
fn every_encoding_and_label() {
    let set = bundled();
    assert_eq!(set.encodings.len(), spec::ENCODINGS.len());
    assert_eq!(
        set.encodings.iter().map(|e| e.labels.len()).sum::<usize>(),
        228
    );
    assert_eq!(
        set.index("jis0208").unwrap().meta.date.as_deref(),
        Some("2024-09-18")
    );
}

#[test]
fn derived_tables_follow_the_rules() {
    let set = bundled();
    // Shift_JIS: U+2170 SMALL ROMAN NUMERAL ONE is at 8634 (NEC selection of IBM extensions) and at 10716 (IBM).
    let sjis = derive::encoder_table(&set, "shift_jis").unwrap();
    assert_eq!(sjis.entries[&'\u{2170}'], 10716);
    let jis = derive::encoder_table(&set, "jis0208").unwrap();
    assert_eq!(jis.entries[&'\u{2170}'], 8634);
    // Big5: U+5341 uses its last pointer.
    let big5 = derive::encoder_table(&set, "big5").unwrap();
    let index = set.index("big5").unwrap();
    let last = index
        .entries()
        .filter(|e| e.1 == '\u{5341}')
        .map(|e| e.0)
        .max()
        .unwrap();
    assert_eq!(big5.entries[&'\u{5341}'] as u32, last);
    // gb18030: side table, and no U+E5E5.
    let gb = derive::encoder_table(&set, "gb18030").unwrap();
    assert!(!gb.entries.contains_key(&'\u{E5E5}'));
    assert_eq!(gb.entries[&'\u{E78D}'], (0xA6 - 0x81) * 190 + (0xD9 - 0x41));
    assert_eq!(gb.side_entries().len(), 18);
    // Single-byte: windows-1252's 0x80 is the euro sign.
    let w = derive::encoder_table(&set, "windows-1252").unwrap();
    assert_eq!(w.entries[&'\u{20AC}'], 0x80);
}

/// The runtime's encode maps keep values only and verify a value by decoding it back: every
/// entry of every encoder table must decode back to its code point, except the 18 of the
/// GB18030-2022 side table (gb18030 encoder step 5), which the build emits apart. Checked for
/// the full tables, side table included, so that any other exception shows up here.
#[test]
fn every_encoder_value_decodes_back_but_the_side_table() {
    let set = bundled();
    for name in derive::all_encoder_tables() {
        let table = derive::encoder_table(&set, name).unwrap();
        let index = set.index(&table.index).unwrap();
        let exceptions: Vec<char> = table
            .entries
            .iter()
            .filter(|&(&c, &v)| !table.round_trips(index, c, v))
            .map(|(&c, _)| c)
            .collect();
        if name == "gb18030" {
            let side: Vec<char> = derive::GB18030_2022_SIDE_TABLE
                .iter()
                .map(|&(c, _)| c)
                .collect();
            assert_eq!(exceptions, side);
            // None of the side table's code points is in the index: whether it is looked up
            // before or after the map makes no difference.
            assert!(index.entries().all(|(_, c)| !side.contains(&c)));
        } else {
            assert_eq!(exceptions, Vec::<char>::new(), "{name}");
        }
        assert_eq!(
            table.map_entries(index).unwrap().len(),
            table.entries.len() - table.side_table.len()
        );
    }
}

/// The Shift_JIS remap table holds, for the code points whose index pointer is one of
/// 8272 to 8835, their index Shift_JIS pointer; with jis0208's map it gives the Shift_JIS
/// table exactly.
#[test]
fn shift_jis_remap_over_jis0208_is_the_shift_jis_table() {
    let set = bundled();
    let jis0208 = set.index("jis0208").unwrap();
    let jis = derive::encoder_table(&set, "jis0208").unwrap();
    let sjis = derive::encoder_table(&set, "shift_jis").unwrap();
    let remap = derive::shift_jis_remap(jis0208);
    let composed: std::collections::BTreeMap<char, u16> = jis
        .entries
        .iter()
        .filter_map(|(&c, &p)| {
            let p = if derive::SHIFT_JIS_EXCLUDED.contains(&(p as u32)) {
                Some(remap[p as usize - 8272]).filter(|&p| p != 0)
            } else {
                Some(p)
            };
            p.map(|p| (c, p))
        })
        .collect();
    assert_eq!(composed, sjis.entries);
}

/// The runtime crate builds from its own copy of the data (a package holds only the files in
/// its folder): it must be the bundled data, byte for byte. `encoding-gen import` updates
/// both; a hand edit of one is caught here.
#[test]
fn the_runtime_crates_copy_is_the_bundled_data() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = |dir: &Path| -> std::collections::BTreeMap<String, Vec<u8>> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect()
    };
    let bundled = files(&root.join("indexes"));
    let copy = files(&root.join("generated/indexes"));
    assert_eq!(
        bundled.keys().collect::<Vec<_>>(),
        copy.keys().collect::<Vec<_>>(),
        "generated/indexes must hold the files of indexes/ (update both with encoding-gen import)"
    );
    for (name, bytes) in &bundled {
        assert!(
            copy[name] == *bytes,
            "generated/indexes/{name} differs from indexes/{name} (update both with encoding-gen import)"
        );
    }
}
