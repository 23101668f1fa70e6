//! The tables of section 9's single-byte encodings, one block of items for each index: its
//! decode array and encode map, the static its decoders pack UTF-8 into as they meet bytes,
//! and the `SingleByteTables` the registry's encodings refer to, each behind the Cargo
//! features of the encodings that use the index.

use super::{decode_array, encode_map, static_item, string};
use crate::derive;
use crate::model::DataSet;
use crate::spec::{self, Family, SpecEncoding};

/// The items of every single-byte index, given the statics' names the invocation lists
/// (which must be the indexes' of the data's single-byte encodings, in their order, each
/// once: the invocation is where a reader finds them declared).
pub fn single_byte_tables(names: &[String], set: &DataSet) -> Result<String, String> {
    let mut indexes: Vec<(&str, Vec<&SpecEncoding>)> = Vec::new();
    for e in &set.encodings {
        let Some(spec) = spec::encoding(&e.name).filter(|s| s.family == Family::SingleByte) else {
            continue;
        };
        let index = spec.indexes.first().copied().unwrap_or_default();
        match indexes.iter_mut().find(|(name, _)| *name == index) {
            Some((_, users)) => users.push(spec),
            None => indexes.push((index, vec![spec])),
        }
    }
    for (i, (index, _)) in indexes.iter().enumerate() {
        let expected = static_name(index);
        match names.get(i) {
            Some(given) if *given == expected => {}
            Some(given) => {
                return Err(format!(
                    "single_byte_tables lists {given} where the data's single-byte indexes have {index} (its static is {expected})"
                ))
            }
            None => return Err(format!("single_byte_tables lacks {expected}")),
        }
    }
    if let Some(extra) = names.get(indexes.len()) {
        return Err(format!(
            "single_byte_tables lists {extra}, which is no single-byte index of the data"
        ));
    }
    let mut text = String::new();
    for (index, users) in &indexes {
        text.push_str(&tables(set, index, users)?);
    }
    Ok(text)
}

/// The static name of an index: `iso-8859-8` is `ISO_8859_8`.
fn static_name(index: &str) -> String {
    index.to_ascii_uppercase().replace('-', "_")
}

/// The four items of one index, each behind the features of the encodings that use it.
fn tables(set: &DataSet, name: &str, users: &[&SpecEncoding]) -> Result<String, String> {
    let features: Vec<String> = users
        .iter()
        .filter_map(|e| e.feature())
        .map(|f| format!("feature = {}", string(&f)))
        .collect();
    let cfg = match features.as_slice() {
        [one] => format!("#[cfg({one})]\n"),
        many => format!("#[cfg(any({}))]\n", many.join(", ")),
    };
    let index = set
        .index(name)
        .ok_or_else(|| format!("{}: the data has no index {name}", set.dir.display()))?;
    let table = derive::encoder_table(set, name).map_err(|e| e.to_string())?;
    let upper = static_name(name);
    let mut text = String::new();
    for item in [
        decode_array("pub(crate)", &format!("{upper}_DECODE"), index)?,
        encode_map("pub(crate)", &format!("{upper}_ENCODE"), &table, index)?,
        static_item(
            &format!("The UTF-8 of index {name}'s bytes, packed as decoding meets them."),
            "",
            &format!("{upper}_UTF8"),
            "crate::tables::Utf8Cache",
            "crate::tables::Utf8Cache::new()",
        ),
        static_item(
            &format!("The tables of index {name}."),
            "pub(crate)",
            &upper,
            "crate::tables::SingleByteTables",
            &format!(
                "crate::tables::SingleByteTables {{ decode: &{upper}_DECODE, encode: &{upper}_ENCODE, linear: crate::tables::LinearBytes::longest(&{upper}_DECODE), utf8: &{upper}_UTF8 }}"
            ),
        ),
    ] {
        text.push_str(&cfg);
        text.push_str(&item);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled() -> DataSet {
        crate::load_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../indexes"))
            .unwrap()
    }

    fn names() -> Vec<String> {
        [
            "IBM866",
            "ISO_8859_2",
            "ISO_8859_3",
            "ISO_8859_4",
            "ISO_8859_5",
            "ISO_8859_6",
            "ISO_8859_7",
            "ISO_8859_8",
            "ISO_8859_10",
            "ISO_8859_13",
            "ISO_8859_14",
            "ISO_8859_15",
            "ISO_8859_16",
            "KOI8_R",
            "KOI8_U",
            "MACINTOSH",
            "WINDOWS_874",
            "WINDOWS_1250",
            "WINDOWS_1251",
            "WINDOWS_1252",
            "WINDOWS_1253",
            "WINDOWS_1254",
            "WINDOWS_1255",
            "WINDOWS_1256",
            "WINDOWS_1257",
            "WINDOWS_1258",
            "X_MAC_CYRILLIC",
        ]
        .map(String::from)
        .to_vec()
    }

    #[test]
    fn every_index_once_behind_the_features_of_its_encodings() {
        let text = single_byte_tables(&names(), &bundled()).unwrap();
        assert_eq!(
            text.matches(": crate::tables::SingleByteTables =").count(),
            27
        );
        assert!(text.contains("#[cfg(feature = \"windows-1252\")]\n/// The tables of index windows-1252.\n///\n/// Emitted from the data by `encoding-gen-macros`; do not edit.\npub(crate) static WINDOWS_1252: crate::tables::SingleByteTables = crate::tables::SingleByteTables { decode: &WINDOWS_1252_DECODE, encode: &WINDOWS_1252_ENCODE, linear: crate::tables::LinearBytes::longest(&WINDOWS_1252_DECODE), utf8: &WINDOWS_1252_UTF8 };"));
        assert!(text.contains(
            "#[cfg(any(feature = \"iso-8859-8\", feature = \"iso-8859-8-i\"))]\n/// The UTF-8 of index iso-8859-8's bytes"
        ));
    }

    #[test]
    fn the_listed_names_must_be_the_data_s() {
        let set = bundled();
        let mut listed = names();
        listed.swap(0, 1);
        assert_eq!(
            single_byte_tables(&listed, &set).unwrap_err(),
            "single_byte_tables lists ISO_8859_2 where the data's single-byte indexes have ibm866 (its static is IBM866)"
        );
        assert_eq!(
            single_byte_tables(&names()[..26], &set).unwrap_err(),
            "single_byte_tables lacks X_MAC_CYRILLIC"
        );
        let mut long = names();
        long.push("KLINGON".into());
        assert_eq!(
            single_byte_tables(&long, &set).unwrap_err(),
            "single_byte_tables lists KLINGON, which is no single-byte index of the data"
        );
    }
}
