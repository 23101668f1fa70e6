//! The bundled data (`indexes/`, the standard's current files) loads, validates and derives.

use std::path::Path;

use encoding_gen::{derive, load_dir, spec};

fn bundled() -> encoding_gen::DataSet {
    load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../indexes"))
        .expect("bundled data is valid")
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
    // Single-byte: windows-1252's 0x80 is the euro sign.
    let w = derive::encoder_table(&set, "windows-1252").unwrap();
    assert_eq!(w.entries[&'\u{20AC}'], 0x80);
}
