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
