//! Defects the `generator` fuzz target's inputs (`fuzz/`, `bash fuzz/run.sh`) showed, each
//! minimised to the input that shows it.

use std::path::{Path, PathBuf};

use encoding_gen::load::{load_sources, SourceFile, Sources};
use encoding_gen::ErrorKind;

/// The txt file of an index the standard does not define has no shape to bound its pointers:
/// the loader sized its pointer array by the largest pointer, so that the one line
/// `4000000000<TAB>0x41` in `index-foo.txt` made it allocate 16 GB (and take more than a
/// minute) before accepting the data set. Its pointers are now bounded as the standard's
/// indexes' are, by what a decode table addresses (65536 pointers).
#[test]
fn a_txt_index_of_no_known_shape_cannot_size_its_array_by_a_huge_pointer() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../indexes");
    let mut sources = Sources::read_dir(&dir).unwrap();
    sources.indexes_json = None;
    let text = "    7\t0x41\n4000000000\t0x42\n".to_string();
    let path = PathBuf::from("update/index-foo.txt");
    sources.txt.insert("foo".into(), SourceFile { path, text });
    let e = load_sources(&sources, &dir).unwrap_err();
    assert_eq!(e.kind, ErrorKind::PointerOutOfRange { limit: 65536 });
    assert_eq!((e.line, e.pointer), (Some(2), Some(4_000_000_000)));
    assert_eq!(e.index.as_deref(), Some("foo"));
    // Small pointers are still accepted: the index is data the build does not use.
    let text = "    7\t0x41\n65535\t0x42\n".to_string();
    let path = PathBuf::from("update/index-foo.txt");
    sources.txt.insert("foo".into(), SourceFile { path, text });
    let (set, _) = load_sources(&sources, &dir).unwrap();
    let foo = set.index("foo").unwrap();
    assert_eq!(foo.entries().collect::<Vec<_>>(), [(7, 'A'), (65535, 'B')]);
}
