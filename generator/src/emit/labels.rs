//! The label table of section 4.2, complete in every build.

use super::{array, static_item, string};
use crate::model::DataSet;

/// `VIS static NAME: [(&str, &str); N]`: (label, encoding name), sorted by label for binary
/// search.
pub fn label_table(vis: &str, name: &str, set: &DataSet) -> String {
    let mut pairs: Vec<(&str, &str)> = set
        .encodings
        .iter()
        .flat_map(|e| e.labels.iter().map(move |l| (l.as_str(), e.name.as_str())))
        .collect();
    pairs.sort_unstable();
    let len = pairs.len();
    let doc = format!(
        "Every label of encodings.json ({len} labels) with the name of its encoding, sorted by label (section 4.2)."
    );
    let table = array(
        pairs
            .iter()
            .map(|(label, name)| format!("({}, {})", string(label), string(name))),
    );
    static_item(&doc, vis, name, &format!("[(&str, &str); {len}]"), &table)
        + &packed_labels(vis, name, &pairs)
}

/// The same labels packed for lookup without a pointer per label (each `&str` in a static
/// costs 16 bytes and, in a position-independent executable, a 24-byte relocation):
/// `NAME_TEXT`, the labels end to end; `NAME_ENDS`, where each label ends in it;
/// `NAME_ENCODING`, the position of each label's encoding in `NAME_NAMES`, the encoding
/// names end to end, whose ends are `NAME_NAME_ENDS`.
fn packed_labels(vis: &str, name: &str, pairs: &[(&str, &str)]) -> String {
    let mut names: Vec<&str> = pairs.iter().map(|p| p.1).collect();
    names.sort_unstable();
    names.dedup();
    let ends = |strings: &mut dyn Iterator<Item = &str>| -> Vec<u16> {
        strings
            .scan(0usize, |end, s| {
                *end += s.len();
                Some(*end as u16)
            })
            .collect()
    };
    let text: String = pairs.iter().map(|p| p.0).collect();
    let label_ends = ends(&mut pairs.iter().map(|p| p.0));
    let encoding: Vec<u8> = pairs
        .iter()
        .map(|p| names.iter().position(|n| *n == p.1).unwrap_or(0) as u8)
        .collect();
    let names_text: String = names.concat();
    let name_ends = ends(&mut names.iter().copied());
    let (len, names_len) = (pairs.len(), names.len());
    [
        static_item(
            &format!("The labels of `{name}` end to end, for lookup (see `{name}_ENDS`)."),
            vis,
            &format!("{name}_TEXT"),
            "&str",
            &string(&text),
        ),
        static_item(
            &format!("Where each label of `{name}` ends in `{name}_TEXT`, in `{name}`'s order."),
            vis,
            &format!("{name}_ENDS"),
            &format!("[u16; {len}]"),
            &array(label_ends),
        ),
        static_item(
            &format!(
                "The encoding of each label of `{name}`, as a position in `{name}_NAME_ENDS`."
            ),
            vis,
            &format!("{name}_ENCODING"),
            &format!("[u8; {len}]"),
            &array(encoding),
        ),
        static_item(
            &format!("The {names_len} encoding names end to end, sorted."),
            vis,
            &format!("{name}_NAMES"),
            "&str",
            &string(&names_text),
        ),
        static_item(
            &format!("Where each encoding name ends in `{name}_NAMES`."),
            vis,
            &format!("{name}_NAME_ENDS"),
            &format!("[u16; {names_len}]"),
            &array(name_ends),
        ),
    ]
    .concat()
}

/// `VIS static NAME: [(&str, &str, &str); N]`: every index with its Identifier and Date
/// (empty where the data has no txt file), sorted by name. Lets a program, and the snapshot
/// tests, say which data the tables were built from.
pub fn index_info_table(vis: &str, name: &str, set: &DataSet) -> String {
    let len = set.indexes.len();
    let doc = format!(
        "Every index of the data the tables were built from ({len} indexes): name, Identifier, Date."
    );
    let rows = array(set.indexes.values().map(|i| {
        format!(
            "({}, {}, {})",
            string(&i.name),
            string(i.meta.identifier.as_deref().unwrap_or_default()),
            string(i.meta.date.as_deref().unwrap_or_default()),
        )
    }));
    static_item(
        &doc,
        vis,
        name,
        &format!("[(&str, &str, &str); {len}]"),
        &rows,
    )
}
