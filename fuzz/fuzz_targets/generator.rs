//! Arbitrary bytes as the standard's data files (`encodings.json`, `indexes.json`,
//! `index-*.txt`) through the generator's parsers, cross-checks and validator: an error, or a
//! valid data set from which every table the build emits is derived (or refused with an
//! error), audited against the bundled data. Never a panic, whatever the files say.
//!
//! The base is the bundled data with the large indexes cut to their first entries (the
//! standard lets them end early), so that a run parses a few hundred kilobytes; an input
//! replaces one file, adds one, or splices bytes into one.

#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use arbitrary::Arbitrary;
use encoding_gen::load::{load_sources, SourceFile, Sources};
use encoding_gen::spec::{self, IndexShape};
use encoding_gen::{derive, emit, layout, sizes, validate, CharNames, DataSet, IndexData};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input {
    /// Whether to audit an accepted data set against the base (`diff`, the slowest step).
    audit: bool,
    change: Change,
}

#[derive(Arbitrary, Debug)]
enum Change {
    /// encodings.json is these bytes.
    EncodingsJson(Vec<u8>),
    /// `index-NAME.txt` (an index of the standard, or any name) is these bytes.
    Txt { index: Index, text: Vec<u8> },
    /// indexes.json is these bytes, with the txt files (which it must agree with) or alone.
    IndexesJson { with_txt: bool, text: Vec<u8> },
    /// Bytes `at..at + cut` of a base file replaced by `insert`.
    Splice {
        file: File,
        at: u32,
        cut: u8,
        insert: Vec<u8>,
    },
}

#[derive(Arbitrary, Debug)]
enum Index {
    Known(u8),
    Other(String),
}

#[derive(Arbitrary, Debug)]
enum File {
    EncodingsJson,
    /// The base's indexes.json (made from the txt files), used alone.
    IndexesJson,
    Txt(u8),
}

/// The base data set: the bundled files, the indexes of more than 128 entries cut to their
/// first 40, and an indexes.json made from the result.
struct Base {
    sources: Sources,
    indexes_json: String,
    set: DataSet,
}

fn base() -> &'static Base {
    static BASE: OnceLock<Base> = OnceLock::new();
    BASE.get_or_init(|| {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../indexes"));
        let mut sources = Sources::read_dir(dir).expect("the bundled data");
        sources.indexes_json = None;
        for file in sources.txt.values_mut() {
            let mut entries = 0;
            let kept: Vec<&str> = file
                .text
                .lines()
                .take_while(|line| {
                    if !line.starts_with('#') && !line.trim().is_empty() {
                        entries += 1;
                    }
                    entries <= 128
                })
                .collect();
            if entries > 128 {
                file.text = kept[..kept.len() - 88].join("\n") + "\n";
            }
        }
        let (set, _) = load_sources(&sources, Path::new("data")).expect("the cut data is valid");
        let mut json = String::from("{\n");
        for (i, (name, index)) in set.indexes.iter().enumerate() {
            let items: Vec<String> = match &index.data {
                IndexData::Pointers(p) => p
                    .iter()
                    .map(|c| c.map_or("null".to_string(), |c| (c as u32).to_string()))
                    .collect(),
                IndexData::Ranges(r) => r
                    .iter()
                    .map(|(p, c)| format!("[{p},{}]", *c as u32))
                    .collect(),
            };
            let comma = if i + 1 < set.indexes.len() { "," } else { "" };
            json.push_str(&format!("\"{name}\":[{}]{comma}\n", items.join(",")));
        }
        json.push('}');
        let mut alone = sources.clone();
        alone.txt.clear();
        alone.indexes_json = Some(SourceFile {
            path: PathBuf::from("data/indexes.json"),
            text: json.clone(),
        });
        let (from_json, _) =
            load_sources(&alone, Path::new("data")).expect("the made indexes.json is valid");
        assert_eq!(
            from_json.indexes.keys().collect::<Vec<_>>(),
            set.indexes.keys().collect::<Vec<_>>()
        );
        Base {
            sources,
            indexes_json: json,
            set,
        }
    })
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn index_name(index: &Index) -> String {
    match index {
        Index::Known(i) => {
            let names = spec::index_names();
            names[*i as usize % names.len()].to_string()
        }
        Index::Other(name) => name.clone(),
    }
}

fn file(path: &str, text: String) -> SourceFile {
    SourceFile {
        path: PathBuf::from(path),
        text,
    }
}

fuzz_target!(|input: Input| {
    let base = base();
    let mut sources = base.sources.clone();
    let changed = match &input.change {
        Change::EncodingsJson(_)
        | Change::Splice {
            file: File::EncodingsJson,
            ..
        } => Changed::Labels,
        Change::Txt { index, .. } => Changed::Index(index_name(index)),
        Change::Splice {
            file: File::Txt(i), ..
        } => Changed::Index(
            sources
                .txt
                .keys()
                .nth(*i as usize % sources.txt.len())
                .expect("in range")
                .clone(),
        ),
        _ => Changed::All,
    };
    match &input.change {
        Change::EncodingsJson(bytes) => {
            sources.encodings_json = Some(file("new/encodings.json", text(bytes)))
        }
        Change::Txt { index, text: bytes } => {
            let name = index_name(index);
            let path = format!("new/index-{name}.txt");
            sources.txt.insert(name, file(&path, text(bytes)));
        }
        Change::IndexesJson {
            with_txt,
            text: bytes,
        } => {
            if !with_txt {
                sources.txt.clear();
            }
            sources.indexes_json = Some(file("new/indexes.json", text(bytes)));
        }
        Change::Splice {
            file: which,
            at,
            cut,
            insert,
        } => {
            let target: &mut SourceFile = match which {
                File::EncodingsJson => sources.encodings_json.as_mut().expect("in the base"),
                File::IndexesJson => {
                    sources.txt.clear();
                    sources
                        .indexes_json
                        .insert(file("new/indexes.json", base.indexes_json.clone()))
                }
                File::Txt(i) => {
                    let i = *i as usize % sources.txt.len();
                    sources.txt.values_mut().nth(i).expect("in range")
                }
            };
            let mut bytes = std::mem::take(&mut target.text).into_bytes();
            let at = *at as usize % (bytes.len() + 1);
            let end = (at + *cut as usize).min(bytes.len());
            bytes.splice(at..end, insert.iter().copied());
            target.text = text(&bytes);
        }
    }
    let dir = Path::new("data");
    match load_sources(&sources, dir) {
        Err(e) => {
            // Every error names a file, and says so without panicking.
            let message = e.to_string();
            assert!(!message.is_empty());
        }
        Ok((set, names)) => check_valid(&set, &names, &changed, input.audit),
    }
});

/// Which part of the data an input changed: the tables derived from the rest are those of the
/// base, already known to build.
enum Changed {
    Labels,
    Index(String),
    All,
}

/// A data set the loader accepted: it is valid, and the build's tables derive from it or are
/// refused with an error.
fn check_valid(set: &DataSet, names: &CharNames, changed: &Changed, audit: bool) {
    validate::validate(set).expect("load_sources returned a data set the validator rejects");
    for e in spec::ENCODINGS {
        assert!(set.encoding(e.name).is_some(), "{} is missing", e.name);
    }
    for name in spec::index_names() {
        let index = set.index(name).expect("every index");
        match (spec::index_shape(name), &index.data) {
            (Some(IndexShape::Exact(n)), IndexData::Pointers(p)) => {
                assert_eq!(p.len(), n, "{name}")
            }
            (Some(IndexShape::AtMost(n)), IndexData::Pointers(p)) => {
                assert!(p.len() <= n, "{name}")
            }
            (Some(IndexShape::Ranges), IndexData::Ranges(r)) => {
                assert!(
                    r.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1),
                    "{name}"
                )
            }
            (shape, _) => panic!("{name}: {shape:?} with the other kind of data"),
        }
    }
    let (vis, ident) = ("", "TABLE");
    let indexes: Vec<&str> = match changed {
        Changed::Labels => Vec::new(),
        Changed::Index(name) => spec::index_names()
            .into_iter()
            .filter(|n| n == name)
            .collect(),
        Changed::All => spec::index_names(),
    };
    for &name in &indexes {
        let index = set.index(name).expect("every index");
        match spec::index_shape(name) {
            Some(IndexShape::Ranges) => drop(emit::ranges(vis, ident, index)),
            _ => drop(emit::decode_array(vis, ident, index)),
        }
        let _ = sizes::decode_sizes(index);
        // A two-byte index cut into parts, in both configurations: its decode layout and its
        // encoder tables' lookups.
        let layout = layout::IndexLayout::of(index);
        let configured: Vec<layout::ConfiguredIndex> = match &layout {
            Some(layout) => layout::Configuration::ALL
                .into_iter()
                .filter_map(|c| layout::ConfiguredIndex::of(set, index, layout, c).ok())
                .collect(),
            None => Vec::new(),
        };
        if let Some(layout) = &layout {
            for chosen in &configured {
                let _ = emit::two_byte_index(vis, ident, index, layout, chosen);
                let _ = sizes::two_byte_sizes(set, index, layout, chosen.configuration);
            }
        }
        for table in derive::tables_of_index(name) {
            let Ok(encoder) = derive::encoder_table(set, table) else {
                continue;
            };
            let index = set.index(&encoder.index).expect("the table's index");
            match &layout {
                Some(layout) if table != "shift_jis" => {
                    for chosen in &configured {
                        let _ = emit::encode_index(vis, ident, &encoder, index, layout, chosen);
                    }
                }
                _ => drop(emit::encode_map(vis, ident, &encoder, index)),
            }
            if table == "gb18030" {
                let _ = emit::side_table(vis, ident, &encoder, index);
            }
        }
        if name == "jis0208" {
            let _ = emit::shift_jis_remap(vis, ident, index);
        }
    }
    if matches!(changed, Changed::All) {
        let _ = sizes::table_sizes(set);
    }
    let _ = emit::label_table(vis, ident, set);
    let _ = emit::index_info_table(vis, ident, set);
    // The registry as the runtime invokes it: the statics named from the data's own list.
    let statics: Vec<String> = set
        .encodings
        .iter()
        .filter_map(|e| spec::encoding(&e.name))
        .map(|e| e.static_name())
        .collect();
    let _ = emit::registry(&statics, set);
    if audit {
        if let Ok(report) = encoding_gen::diff::diff(&base().set, set, names) {
            assert!(!format!("{report:?}").is_empty());
        }
    }
}
