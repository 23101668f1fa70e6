//! The label table of section 4.2, complete in every build.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use crate::model::DataSet;

/// `VIS static NAME: [(&str, &str); N]`: (label, encoding name), sorted by label for binary
/// search.
pub fn label_table(vis: &TokenStream, name: &Ident, set: &DataSet) -> TokenStream {
    let mut pairs: Vec<(&str, &str)> = set
        .encodings
        .iter()
        .flat_map(|e| e.labels.iter().map(move |l| (l.as_str(), e.name.as_str())))
        .collect();
    pairs.sort_unstable();
    let len = pairs.len();
    let labels = pairs.iter().map(|p| p.0);
    let names = pairs.iter().map(|p| p.1);
    let doc = format!(
        " Every label of encodings.json ({len} labels) with the name of its encoding, sorted by label (section 4.2).\n\n Emitted from the data by `encoding-gen-macros`; do not edit."
    );
    let packed = packed_labels(vis, name, &pairs);
    quote! {
        #[doc = #doc]
        #vis static #name: [(&str, &str); #len] = [#((#labels, #names)),*];
        #packed
    }
}

/// The same labels packed for lookup without a pointer per label (each `&str` in a static
/// costs 16 bytes and, in a position-independent executable, a 24-byte relocation):
/// `NAME_TEXT`, the labels end to end; `NAME_ENDS`, where each label ends in it;
/// `NAME_ENCODING`, the position of each label's encoding in `NAME_NAMES`, the encoding
/// names end to end, whose ends are `NAME_NAME_ENDS`.
fn packed_labels(vis: &TokenStream, name: &Ident, pairs: &[(&str, &str)]) -> TokenStream {
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
    let text_name = quote::format_ident!("{}_TEXT", name);
    let ends_name = quote::format_ident!("{}_ENDS", name);
    let encoding_name = quote::format_ident!("{}_ENCODING", name);
    let names_name = quote::format_ident!("{}_NAMES", name);
    let name_ends_name = quote::format_ident!("{}_NAME_ENDS", name);
    let doc = format!(
        " The labels of `{name}` end to end, for lookup (see `{name}_ENDS`).\n\n Emitted from the data by `encoding-gen-macros`; do not edit."
    );
    let ends_doc =
        format!(" Where each label of `{name}` ends in `{name}_TEXT`, in `{name}`'s order.");
    let encoding_doc =
        format!(" The encoding of each label of `{name}`, as a position in `{name}_NAME_ENDS`.");
    let names_doc = format!(" The {names_len} encoding names end to end, sorted.");
    let name_ends_doc = format!(" Where each encoding name ends in `{name}_NAMES`.");
    quote! {
        #[doc = #doc]
        #vis static #text_name: &str = #text;
        #[doc = #ends_doc]
        #vis static #ends_name: [u16; #len] = [#(#label_ends),*];
        #[doc = #encoding_doc]
        #vis static #encoding_name: [u8; #len] = [#(#encoding),*];
        #[doc = #names_doc]
        #vis static #names_name: &str = #names_text;
        #[doc = #name_ends_doc]
        #vis static #name_ends_name: [u16; #names_len] = [#(#name_ends),*];
    }
}

/// `VIS static NAME: [(&str, &str, &str); N]`: every index with its Identifier and Date
/// (empty where the data has no txt file), sorted by name. Lets a program, and the snapshot
/// tests, say which data the tables were built from.
pub fn index_info_table(vis: &TokenStream, name: &Ident, set: &DataSet) -> TokenStream {
    let len = set.indexes.len();
    let names = set.indexes.keys();
    let ids = set
        .indexes
        .values()
        .map(|i| i.meta.identifier.clone().unwrap_or_default());
    let dates = set
        .indexes
        .values()
        .map(|i| i.meta.date.clone().unwrap_or_default());
    let doc = format!(
        " Every index of the data the tables were built from ({len} indexes): name, Identifier, Date.\n\n Emitted from the data by `encoding-gen-macros`; do not edit."
    );
    quote! {
        #[doc = #doc]
        #vis static #name: [(&str, &str, &str); #len] = [#((#names, #ids, #dates)),*];
    }
}
