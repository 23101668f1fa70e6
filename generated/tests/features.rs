//! Label look-up with any subset of the encodings' features: an encoding whose feature is
//! off is reported as not compiled in, never confused with an unknown label. These tests run
//! in every feature configuration (`.ci/features.sh` runs them with no features and with
//! only windows-1252); the ones about one encoding are behind that encoding's feature.

use whatwg_encoding::{Encoding, LabelError, REPLACEMENT, UTF_8};

/// Whether this build has `name`'s encoding: UTF-8 and replacement always, any other when
/// the feature named after its lowercased name is enabled.
fn compiled_in(name: &str) -> bool {
    macro_rules! features {
        ($($feature:tt),* $(,)?) => {
            match name.to_ascii_lowercase().as_str() {
                "utf-8" | "replacement" => true,
                $($feature => cfg!(feature = $feature),)*
                other => panic!("the test knows no feature for {other}"),
            }
        };
    }
    features!(
        "ibm866",
        "iso-8859-2",
        "iso-8859-3",
        "iso-8859-4",
        "iso-8859-5",
        "iso-8859-6",
        "iso-8859-7",
        "iso-8859-8",
        "iso-8859-8-i",
        "iso-8859-10",
        "iso-8859-13",
        "iso-8859-14",
        "iso-8859-15",
        "iso-8859-16",
        "koi8-r",
        "koi8-u",
        "macintosh",
        "windows-874",
        "windows-1250",
        "windows-1251",
        "windows-1252",
        "windows-1253",
        "windows-1254",
        "windows-1255",
        "windows-1256",
        "windows-1257",
        "windows-1258",
        "x-mac-cyrillic",
        "gbk",
        "gb18030",
        "big5",
        "euc-jp",
        "iso-2022-jp",
        "shift_jis",
        "euc-kr",
        "utf-16be",
        "utf-16le",
        "x-user-defined",
    )
}

/// Without `alloc`, the slice-based streaming calls work: no allocator is needed to decode
/// or encode (the crate is `#![no_std]`; this test itself runs with std).
#[test]
fn the_slice_based_calls_need_no_alloc() {
    assert_eq!(Encoding::for_label(b"iso-2022-kr"), Some(REPLACEMENT));
    let mut decoder = UTF_8.new_decoder();
    let mut out = [0u8; 16];
    let (result, read, written, replaced) =
        decoder.decode_to_utf8(b"\xEF\xBB\xBFcaf\xC3\xA9\xFF", &mut out, true);
    assert_eq!(
        (result, read, written, replaced),
        (whatwg_encoding::CoderResult::InputEmpty, 9, 8, true)
    );
    assert_eq!(&out[..8], "café\u{FFFD}".as_bytes());
    let mut encoder = UTF_8.new_encoder();
    let (result, read, written, _) = encoder.encode_from_utf8("é", &mut out, true);
    assert_eq!(
        (result, read, written),
        (whatwg_encoding::CoderResult::InputEmpty, 2, 2)
    );
}

/// The feature names declared in the crate's Cargo.toml.
fn declared_features() -> Vec<String> {
    let manifest = include_str!("../Cargo.toml");
    let mut in_features = false;
    let mut names = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_features = line == "[features]";
        } else if in_features && !line.is_empty() && !line.starts_with('#') {
            let (key, _) = line.split_once('=').expect("a feature line has '='");
            names.push(key.trim().trim_matches('"').to_string());
        }
    }
    names
}

#[test]
fn every_label_is_found_or_reported_not_compiled_in() {
    let labels = whatwg_encoding::data::labels();
    assert!(labels.len() > 200, "only {} labels", labels.len());
    let mut found = 0;
    for &(label, name) in labels {
        let looked_up = Encoding::lookup(label.as_bytes());
        if compiled_in(name) {
            let encoding = looked_up.unwrap_or_else(|e| panic!("{label}: {e}"));
            assert_eq!(encoding.name(), name, "{label}");
            found += 1;
        } else {
            assert_eq!(
                looked_up,
                Err(LabelError::NotCompiledIn { name }),
                "{label}"
            );
        }
        assert_eq!(
            Encoding::for_label(label.as_bytes()),
            looked_up.ok(),
            "{label}"
        );
        // Section 4.2: surrounding ASCII whitespace and ASCII case do not matter.
        let padded = format!("\t {} \n", label.to_ascii_uppercase());
        assert_eq!(Encoding::lookup(padded.as_bytes()), looked_up, "{padded:?}");
    }
    // At least UTF-8's and replacement's labels.
    assert!(found >= 9, "{found}");
}

#[test]
fn the_feature_to_enable_is_named_after_the_encoding() {
    let declared = declared_features();
    for &(_, name) in whatwg_encoding::data::labels() {
        if name == "UTF-8" || name == "replacement" {
            continue;
        }
        let feature = name.to_ascii_lowercase();
        assert!(declared.contains(&feature), "no feature {feature:?}");
        let message = LabelError::NotCompiledIn { name }.to_string();
        assert!(message.contains(&format!("\"{feature}\"")), "{message}");
    }
}

#[test]
fn unknown_labels() {
    for label in [&b"bogus"[..], b"", b"   ", b"utf-8 x", b"latin 1", b"\xFF"] {
        assert_eq!(
            Encoding::lookup(label),
            Err(LabelError::Unknown),
            "{label:?}"
        );
        assert_eq!(Encoding::for_label(label), None, "{label:?}");
    }
    // Longer than any label, with a real label inside.
    let long = format!("{}utf-8", " x".repeat(40));
    assert_eq!(Encoding::lookup(long.as_bytes()), Err(LabelError::Unknown));
    assert_eq!(
        LabelError::Unknown.to_string(),
        "not a label of any encoding"
    );
}

#[cfg(feature = "alloc")]
#[test]
fn utf_8_and_replacement_are_always_there() {
    assert_eq!(Encoding::lookup(b"unicode-1-1-utf-8"), Ok(UTF_8));
    assert_eq!(Encoding::for_label(b" UTF8 "), Some(UTF_8));
    assert_eq!(Encoding::for_label(b"iso-2022-kr"), Some(REPLACEMENT));
    assert_eq!(Encoding::for_label_no_replacement(b"iso-2022-kr"), None);
    let (text, encoding, had_errors) = UTF_8.decode(b"\xEF\xBB\xBFcaf\xC3\xA9\xFF");
    assert_eq!(
        (&*text, encoding, had_errors),
        ("café\u{FFFD}", UTF_8, true)
    );
    let (text, had_errors) = REPLACEMENT.decode_without_bom_handling(b"abc");
    assert_eq!((&*text, had_errors), ("\u{FFFD}", true));
    assert_eq!(REPLACEMENT.output_encoding(), UTF_8);
}

#[cfg(not(feature = "shift_jis"))]
#[test]
fn shift_jis_left_out() {
    assert_eq!(
        Encoding::lookup(b"sjis"),
        Err(LabelError::NotCompiledIn { name: "Shift_JIS" })
    );
    assert_eq!(Encoding::for_label(b"sjis"), None);
    assert_eq!(Encoding::for_label(b"windows-31j"), None);
    assert_eq!(
        Encoding::lookup(b"sjis").unwrap_err().to_string(),
        "Shift_JIS is not compiled in: enable the feature \"shift_jis\" of whatwg-encoding"
    );
}

#[cfg(feature = "shift_jis")]
#[test]
fn shift_jis_present() {
    assert_eq!(Encoding::lookup(b"sjis"), Ok(whatwg_encoding::SHIFT_JIS));
}

/// With UTF-16 left out, its byte order marks are ordinary bytes.
#[cfg(not(any(feature = "utf-16le", feature = "utf-16be")))]
#[test]
fn no_utf_16_byte_order_marks() {
    assert_eq!(Encoding::for_bom(b"\xFF\xFEa\x00"), None);
    assert_eq!(Encoding::for_bom(b"\xFE\xFF\x00a"), None);
    assert_eq!(Encoding::for_bom(b"\xEF\xBB\xBFa"), Some((UTF_8, 3)));
    assert_eq!(
        Encoding::lookup(b"utf-16"),
        Err(LabelError::NotCompiledIn { name: "UTF-16LE" })
    );
}

#[cfg(all(
    feature = "alloc",
    feature = "windows-1252",
    not(any(feature = "utf-16le", feature = "utf-16be"))
))]
#[test]
fn windows_1252_ignores_utf_16_marks_when_utf_16_is_left_out() {
    use whatwg_encoding::WINDOWS_1252;
    let (text, encoding, had_errors) = WINDOWS_1252.decode(b"\xFF\xFEa");
    assert_eq!((&*text, encoding, had_errors), ("ÿþa", WINDOWS_1252, false));
}

#[cfg(all(feature = "alloc", feature = "windows-1252"))]
#[test]
fn windows_1252_alone_decodes_and_encodes() {
    use whatwg_encoding::WINDOWS_1252;
    assert_eq!(Encoding::for_label(b"latin1"), Some(WINDOWS_1252));
    assert_eq!(Encoding::lookup(b" ASCII\r\n"), Ok(WINDOWS_1252));
    assert_eq!(Encoding::for_label(b"iso-8859-1"), Some(WINDOWS_1252));

    let (text, encoding, had_errors) = WINDOWS_1252.decode(b"caf\xE9 \x80\x81");
    assert_eq!(
        (&*text, encoding, had_errors),
        ("café €\u{81}", WINDOWS_1252, false)
    );
    // A UTF-8 byte order mark wins over the encoding (section 6, "decode").
    let (text, encoding, _) = WINDOWS_1252.decode(b"\xEF\xBB\xBFcaf\xC3\xA9");
    assert_eq!((&*text, encoding), ("café", UTF_8));

    let (bytes, encoding, had_unmappables) = WINDOWS_1252.encode("café €");
    assert_eq!(
        (&*bytes, encoding, had_unmappables),
        (&b"caf\xE9 \x80"[..], WINDOWS_1252, false)
    );
    let (bytes, _, had_unmappables) = WINDOWS_1252.encode("日");
    assert_eq!((&*bytes, had_unmappables), (&b"&#26085;"[..], true));
}

#[cfg(all(feature = "windows-1252", not(feature = "windows-1251")))]
#[test]
fn a_neighbour_left_out() {
    assert_eq!(
        Encoding::lookup(b"cp1251"),
        Err(LabelError::NotCompiledIn {
            name: "windows-1251"
        })
    );
    assert_eq!(
        Encoding::lookup(b"cp1252"),
        Ok(whatwg_encoding::WINDOWS_1252)
    );
}

/// Streaming state is bounded and small, whatever the input: a `Decoder` holds its
/// handler's state, at most sixteen restored bytes and three byte order mark bytes; an
/// `Encoder` its handler's state and at most one held lead surrogate. (Their sizes are part
/// of the documented contract: a server may keep one per connection.)
#[test]
fn streaming_state_is_bounded() {
    assert!(
        std::mem::size_of::<whatwg_encoding::Decoder>() <= 64,
        "{}",
        std::mem::size_of::<whatwg_encoding::Decoder>()
    );
    assert!(
        std::mem::size_of::<whatwg_encoding::Encoder>() <= 32,
        "{}",
        std::mem::size_of::<whatwg_encoding::Encoder>()
    );
}

/// The single-byte handlers are compiled in through an internal feature that every section-9
/// encoding's feature implies (directly, or through the non-Latin scripts' one): a new
/// single-byte encoding without it would not build its handlers.
#[cfg(feature = "all")]
#[test]
fn every_single_byte_encoding_compiles_the_single_byte_handlers() {
    let manifest = include_str!("../Cargo.toml");
    for &name in whatwg_encoding::data::encodings() {
        let encoding = Encoding::for_label(name.as_bytes()).expect("all is compiled in");
        if !encoding.is_single_byte() || name == "x-user-defined" {
            continue;
        }
        let feature = name.to_ascii_lowercase();
        let line = manifest
            .lines()
            .find(|l| {
                let key = l.split('=').next().unwrap_or("").trim().trim_matches('"');
                key == feature
            })
            .unwrap_or_else(|| panic!("no feature {feature}"));
        assert!(
            line.contains("\"_single-byte\"") || line.contains("\"_single-byte-non-latin\""),
            "{line}"
        );
    }
}
