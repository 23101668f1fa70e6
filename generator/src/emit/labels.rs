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
    quote! {
        #[doc = #doc]
        #vis static #name: [(&str, &str); #len] = [#((#labels, #names)),*];
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
