//! The io reader's whole-document mode (DecodeReaderBuilder::sniff_whole_document): a late
//! `<meta>` changes its decoder in place, or ends its reads with a reparse to do.

#![cfg(all(feature = "sniff", feature = "koi8-r", feature = "windows-1252"))]

use whatwg_encoding::sniff::{Rule, SniffOptions};

const META: &str = "<meta charset=koi8-r>";

/// A comment long enough that the prescan's 1024 bytes end in it, then `document`.
fn late(document: &str) -> Vec<u8> {
    let mut bytes = b"<!--".to_vec();
    bytes.extend([b'x'; 1100]);
    bytes.extend(b"-->");
    bytes.extend(document.as_bytes());
    bytes
}

#[test]
fn a_decode_reader_changes_in_place_or_reports_a_reparse() {
    use std::io::Read;
    use whatwg_encoding::io::{DecodeReader, EncodingChangeNeedsReparse};
    let koi8_r = whatwg_encoding::Encoding::for_label(b"koi8-r").unwrap();
    let mut page = late(META);
    page.extend(b"<p>\xF0\xD2\xC9\xD7\xC5\xD4");
    let meta_end = page.len() - 9;
    for size in [64, 100, 4096] {
        let mut reader = DecodeReader::builder()
            .buffer_size(size)
            .sniff_whole_document(SniffOptions::new())
            .build(&page[..]);
        let mut text = String::new();
        reader.read_to_string(&mut text).unwrap();
        assert_eq!(text, koi8_r.decode_without_bom_handling(&page).0, "{size}");
        assert_eq!(
            reader.sniffed().unwrap().rule,
            Rule::LateMeta {
                offset: meta_end - META.len()
            }
        );
        // Read into bytes, a few at a time.
        let mut reader = DecodeReader::builder()
            .buffer_size(size)
            .sniff_whole_document(SniffOptions::new())
            .build(&page[..]);
        let mut bytes: Vec<u8> = Vec::new();
        let mut buffer = [0; 7];
        loop {
            let n = reader.read(&mut buffer).unwrap();
            if n == 0 {
                break;
            }
            bytes.extend(&buffer[..n]);
        }
        assert_eq!(bytes, text.as_bytes());
    }
    // A byte other than ASCII before it: the text up to the meta, then the error, again.
    let mut page = page.clone();
    page[1] = b'\xE9';
    let mut reader = DecodeReader::builder()
        .sniff_whole_document(SniffOptions::new())
        .build(&page[..]);
    let mut text = String::new();
    let error = reader.read_to_string(&mut text).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
    let reparse = error
        .get_ref()
        .unwrap()
        .downcast_ref::<EncodingChangeNeedsReparse>()
        .unwrap();
    assert_eq!(
        (reparse.encoding(), reparse.decoded_with()),
        (koi8_r, whatwg_encoding::WINDOWS_1252)
    );
    assert_eq!(
        text,
        whatwg_encoding::WINDOWS_1252
            .decode_without_bom_handling(&page[..meta_end])
            .0
    );
    assert!(reader.read(&mut [0; 16]).is_err());
    assert_eq!(
        reparse.to_string(),
        format!("a <meta> the parser met at byte {} declares KOI8-R, and the bytes before it, decoded as windows-1252, may mean something else in it: decode the document again from its start as KOI8-R", meta_end - META.len())
    );
}
