//! The `serde` feature: an encoding serializes as its name and deserializes from any of its
//! labels, as with encoding_rs; a label that names nothing, or an encoding left out of the
//! build, is an error naming the label.
#![cfg(feature = "serde")]

use whatwg_encoding::Encoding;

#[test]
fn every_encoding_round_trips_through_json() {
    let mut seen = 0;
    for &(label, name) in whatwg_encoding::data::labels() {
        let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
            continue;
        };
        seen += 1;
        let json = serde_json::to_string(encoding).unwrap();
        assert_eq!(json, format!("\"{name}\""));
        let back: &'static Encoding = serde_json::from_str(&json).unwrap();
        assert_eq!(back, encoding);
        // Any label reads back as its encoding, case and surrounding whitespace aside.
        let from_label: &'static Encoding =
            serde_json::from_str(&format!("\" {} \"", label.to_ascii_uppercase())).unwrap();
        assert_eq!(from_label, encoding, "{label}");
    }
    assert!(seen >= 9, "{seen}");
}

#[test]
fn inside_a_struct() {
    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct Page {
        charset: &'static Encoding,
    }
    let page = Page {
        charset: whatwg_encoding::UTF_8,
    };
    let json = serde_json::to_string(&page).unwrap();
    assert_eq!(json, r#"{"charset":"UTF-8"}"#);
    assert_eq!(serde_json::from_str::<Page>(&json).unwrap(), page);
}

#[test]
fn unknown_labels_are_errors_naming_the_label() {
    let err = serde_json::from_str::<&'static Encoding>("\"klingon\"").unwrap_err();
    assert!(
        err.to_string()
            .contains("unknown encoding label \"klingon\""),
        "{err}"
    );
    let err = serde_json::from_str::<&'static Encoding>("42").unwrap_err();
    assert!(err.to_string().contains("a label of an encoding"), "{err}");
}

#[cfg(not(feature = "shift_jis"))]
#[test]
fn labels_of_encodings_left_out_are_errors_naming_the_feature() {
    let err = serde_json::from_str::<&'static Encoding>("\"sjis\"").unwrap_err();
    assert!(
        err.to_string()
            .contains("encoding label \"sjis\": Shift_JIS is not compiled in"),
        "{err}"
    );
}
