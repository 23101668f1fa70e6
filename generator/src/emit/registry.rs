//! The registry of section 4.2's encodings: for each encoding of encodings.json, in its
//! order, the runtime's `NAME_INIT` (the `Encoding`) and `NAME` (a reference to it) as
//! encoding_rs names them, each behind its Cargo feature, and the lookup by name. The list
//! of encodings is the data's; what each one is made of (its handler family, its tables)
//! is the standard's prose, in [`crate::spec`].

use std::fmt::Write;

use super::{array, static_item, string};
use crate::model::DataSet;
use crate::spec::{self, Family, SpecEncoding};

/// The registry's items, given the static names the invocation lists (which must be the
/// data's encodings, in order, named by [`SpecEncoding::static_name`]: the invocation is
/// where a reader finds them declared).
pub fn registry(names: &[String], set: &DataSet) -> Result<String, String> {
    let encodings: Vec<&SpecEncoding> = set
        .encodings
        .iter()
        .map(|e| {
            spec::encoding(&e.name).ok_or_else(|| {
                format!(
                    "encodings.json: {} is not an encoding of the standard",
                    e.name
                )
            })
        })
        .collect::<Result<_, _>>()?;
    for (i, e) in encodings.iter().enumerate() {
        let expected = e.static_name();
        match names.get(i) {
            Some(given) if *given == expected => {}
            Some(given) => {
                return Err(format!(
                "the registry lists {given} where encodings.json has {} (its static is {expected})",
                e.name
            ))
            }
            None => {
                return Err(format!(
                    "the registry lacks {expected}: encodings.json has {} encodings",
                    encodings.len()
                ))
            }
        }
    }
    if let Some(extra) = names.get(encodings.len()) {
        return Err(format!(
            "the registry lists {extra}, which encodings.json does not have"
        ));
    }
    let mut text = String::new();
    for e in &encodings {
        text.push_str(&statics(e));
    }
    text.push_str(&by_name(&encodings));
    text.push_str(&static_item(
        "Every encoding's name, in encodings.json's order, compiled in or not.",
        "pub(crate)",
        "NAMES",
        &format!("[&str; {}]", encodings.len()),
        &array(encodings.iter().map(|e| string(e.name))),
    ));
    Ok(text)
}

/// `#[cfg(feature = "…")]` for an encoding that has a feature.
fn cfg(e: &SpecEncoding) -> String {
    e.feature()
        .map(|f| format!("#[cfg(feature = {})]\n", string(&f)))
        .unwrap_or_default()
}

/// The encoding's two statics.
fn statics(e: &SpecEncoding) -> String {
    let name = e.static_name();
    let about = match e.name {
        "UTF-8" => ": the encoding".to_string(),
        "GBK" => ": the gb18030 decoder with an encoder that writes no four-byte sequences".to_string(),
        "Big5" => ": Big5 with the HKSCS extensions".to_string(),
        "EUC-KR" => ": EUC-KR with the Unified Hangul Code extension".to_string(),
        "replacement" => ": what labels of unsafe encodings (ISO-2022-KR, HZ-GB-2312, ISO-2022-CN) decode with: one U+FFFD for any non-empty input".to_string(),
        "x-user-defined" => ": bytes 0x80 to 0xFF as U+F780 to U+F7FF".to_string(),
        _ if e.family == Family::SingleByte => format!(", over index {}", e.indexes.join(", ")),
        _ => String::new(),
    };
    let doc = format!("The {} encoding, section {}{about}.", e.name, e.section());
    format!(
        "{}{}{}{}",
        cfg(e),
        static_item(
            &format!("{doc}\n\nThe `Encoding` itself; [`{name}`] refers to it."),
            "pub",
            &format!("{name}_INIT"),
            "crate::encoding::Encoding",
            &format!(
                "crate::encoding::Encoding {{ name: {}, variant: {} }}",
                string(e.name),
                variant(e)
            ),
        ),
        cfg(e),
        static_item(
            &doc,
            "pub",
            &name,
            "&crate::encoding::Encoding",
            &format!("&{name}_INIT"),
        ),
    )
}

/// The runtime's `VariantEncoding` for the encoding: its handler family and its tables.
fn variant(e: &SpecEncoding) -> String {
    let family = match (e.family, e.name) {
        (Family::Utf8, _) => "Utf8".to_string(),
        (Family::SingleByte, _) => format!(
            "SingleByte(&crate::tables::single_byte::{})",
            e.indexes
                .first()
                .map(|i| i.to_ascii_uppercase().replace('-', "_"))
                .unwrap_or_default()
        ),
        (Family::Gb18030, "GBK") => "Gbk".to_string(),
        (Family::Gb18030, _) => "Gb18030".to_string(),
        (Family::Big5, _) => "Big5".to_string(),
        (Family::EucJp, _) => "EucJp".to_string(),
        (Family::Iso2022Jp, _) => "Iso2022Jp".to_string(),
        (Family::ShiftJis, _) => "ShiftJis".to_string(),
        (Family::EucKr, _) => "EucKr".to_string(),
        (Family::Replacement, _) => "Replacement".to_string(),
        (Family::Utf16, "UTF-16BE") => "Utf16Be".to_string(),
        (Family::Utf16, _) => "Utf16Le".to_string(),
        (Family::XUserDefined, _) => "XUserDefined".to_string(),
    };
    format!("crate::encodings::VariantEncoding::{family}")
}

/// `by_name`: the encoding of an exact name, if compiled in.
fn by_name(encodings: &[&SpecEncoding]) -> String {
    let mut text = String::from(
        "/// The encoding named `name` (exactly as in encodings.json), if it was compiled in.\n\
         ///\n/// Emitted from the data by `encoding-gen-macros`; do not edit.\n\
         pub(crate) fn by_name(name: &str) -> Option<&'static crate::encoding::Encoding> {\n    match name {\n",
    );
    for e in encodings {
        writeln!(
            text,
            "        {}{} => Some({}),",
            cfg(e).replace('\n', "\n        "),
            string(e.name),
            e.static_name()
        )
        .expect("writing to a String cannot fail");
    }
    text.push_str("        _ => None,\n    }\n}\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled() -> DataSet {
        crate::load_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../indexes"))
            .unwrap()
    }

    fn names(set: &DataSet) -> Vec<String> {
        set.encodings
            .iter()
            .map(|e| spec::encoding(&e.name).unwrap().static_name())
            .collect()
    }

    #[test]
    fn every_encoding_with_its_feature_family_and_tables() {
        let set = bundled();
        let text = registry(&names(&set), &set).unwrap();
        assert!(text.contains("pub static UTF_8_INIT: crate::encoding::Encoding = crate::encoding::Encoding { name: \"UTF-8\", variant: crate::encodings::VariantEncoding::Utf8 };"));
        assert!(text.contains("#[cfg(feature = \"iso-8859-8-i\")]\n/// The ISO-8859-8-I encoding, section 9, over index iso-8859-8."));
        assert!(text.contains("variant: crate::encodings::VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_8) };"));
        assert!(text.contains(
            "        #[cfg(feature = \"shift_jis\")]\n        \"Shift_JIS\" => Some(SHIFT_JIS),\n"
        ));
        assert!(text.contains("        \"replacement\" => Some(REPLACEMENT),\n"));
        assert_eq!(text.matches("_INIT: crate::encoding::Encoding").count(), 40);
    }

    #[test]
    fn the_listed_names_must_be_the_data_s() {
        let set = bundled();
        let mut listed = names(&set);
        listed.swap(1, 2);
        assert_eq!(
            registry(&listed, &set).unwrap_err(),
            "the registry lists ISO_8859_2 where encodings.json has IBM866 (its static is IBM866)"
        );
        let short = &names(&set)[..39];
        assert!(registry(short, &set)
            .unwrap_err()
            .starts_with("the registry lacks X_USER_DEFINED"));
        let mut long = names(&set);
        long.push("KLINGON".into());
        assert_eq!(
            registry(&long, &set).unwrap_err(),
            "the registry lists KLINGON, which encodings.json does not have"
        );
    }
}
