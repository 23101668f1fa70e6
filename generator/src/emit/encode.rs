//! Perfect-hash encode maps: code point -> pointer (or byte).

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::provenance;
use crate::derive::EncodeTable;
use crate::model::Index;

/// `VIS static NAME: crate::table::PerfectMap<K, V>` where K is u16 when every code point is
/// in the BMP (else u32) and V is u8 for bytes, u16 for pointers.
///
/// The hash is phf's (phf_generator at build time, phf_shared at run time, so the two cannot
/// disagree); keys and values are kept in separate arrays so that a u16 key and a u8 value
/// take three bytes rather than a padded four.
pub fn encode_map(
    vis: &TokenStream,
    name: &Ident,
    table: &EncodeTable,
    index: &Index,
) -> TokenStream {
    let bmp = table.entries.keys().all(|&c| (c as u32) <= 0xFFFF);
    let len = table.entries.len();
    let doc = format!(
        " Encode map derived from {} by the rule: {}. {} code points.\n\n Emitted from the data by `encoding-gen-macros`; do not edit.",
        provenance(index),
        table.rule,
        len
    );
    let (key_ty, keys_in_order, state) = if bmp {
        let keys: Vec<u16> = table.entries.keys().map(|&c| c as u16).collect();
        let state = phf_generator::generate_hash(&keys);
        (
            quote!(u16),
            keys.iter().map(|&k| k as u32).collect::<Vec<_>>(),
            state,
        )
    } else {
        let keys: Vec<u32> = table.entries.keys().map(|&c| c as u32).collect();
        let state = phf_generator::generate_hash(&keys);
        (quote!(u32), keys, state)
    };
    let values_in_order: Vec<u16> = table.entries.values().copied().collect();
    let hash_key = state.key;
    let d1 = state.disps.iter().map(|d| d.0);
    let d2 = state.disps.iter().map(|d| d.1);
    let ordered_keys = state.map.iter().map(|&i| keys_in_order[i]);
    let keys: Vec<TokenStream> = if bmp {
        ordered_keys
            .map(|k| {
                let k = k as u16;
                quote!(#k)
            })
            .collect()
    } else {
        ordered_keys.map(|k| quote!(#k)).collect()
    };
    let (value_ty, values): (TokenStream, Vec<TokenStream>) = if table.values_are_bytes {
        (
            quote!(u8),
            state
                .map
                .iter()
                .map(|&i| {
                    let v = values_in_order[i] as u8;
                    quote!(#v)
                })
                .collect(),
        )
    } else {
        (
            quote!(u16),
            state
                .map
                .iter()
                .map(|&i| {
                    let v = values_in_order[i];
                    quote!(#v)
                })
                .collect(),
        )
    };
    quote! {
        #[doc = #doc]
        #vis static #name: crate::table::PerfectMap<#key_ty, #value_ty> =
            crate::table::PerfectMap {
                hash_key: #hash_key,
                disps: &[#((#d1, #d2)),*],
                keys: &[#(#keys),*],
                values: &[#(#values),*],
            };
    }
}
