//! Dense decode arrays: pointer -> code point.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::provenance;
use crate::model::Index;

/// `VIS static NAME: [u16; N]` (or `[u32; N]` if the index has code points beyond the BMP),
/// indexed by pointer, 0 where the index has no code point for the pointer.
pub fn decode_array(vis: &TokenStream, name: &Ident, index: &Index) -> TokenStream {
    let slots = index.pointers();
    let len = slots.len();
    let values = slots.iter().map(|c| c.map_or(0, |c| c as u32));
    let bmp = slots.iter().flatten().all(|&c| (c as u32) <= 0xFFFF);
    let mapped = index.data.entry_count();
    let doc = format!(
        " Decode table of {}: code point by pointer, 0 for none ({} of {} pointers mapped).\n\n Emitted from the data by `encoding-gen-macros`; do not edit.",
        provenance(index),
        mapped,
        len
    );
    if bmp {
        let values = values.map(|v| v as u16);
        quote! {
            #[doc = #doc]
            #vis static #name: [u16; #len] = [#(#values),*];
        }
    } else {
        quote! {
            #[doc = #doc]
            #vis static #name: [u32; #len] = [#(#values),*];
        }
    }
}

/// Index gb18030 ranges as two parallel arrays, `NAME_POINTERS` and `NAME_CODE_POINTS`, both
/// increasing, for the binary searches of "index gb18030 ranges code point" and "… pointer".
pub fn ranges(vis: &TokenStream, name: &Ident, index: &Index) -> TokenStream {
    let r = index.ranges();
    let len = r.len();
    let pointers = r.iter().map(|&(p, _)| p);
    let code_points = r.iter().map(|&(_, c)| c as u32);
    let p_name = quote::format_ident!("{}_POINTERS", name);
    let c_name = quote::format_ident!("{}_CODE_POINTS", name);
    let doc_p = format!(
        " First pointer of each range of {}.\n\n Emitted from the data by `encoding-gen-macros`; do not edit.",
        provenance(index)
    );
    let doc_c = format!(
        " First code point of each range of {}, parallel to the pointers.\n\n Emitted from the data by `encoding-gen-macros`; do not edit.",
        provenance(index)
    );
    quote! {
        #[doc = #doc_p]
        #vis static #p_name: [u32; #len] = [#(#pointers),*];
        #[doc = #doc_c]
        #vis static #c_name: [u32; #len] = [#(#code_points),*];
    }
}
