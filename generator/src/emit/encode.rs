//! Encode maps: code point -> pointer (or byte) as value-only perfect-hash maps, and the
//! small tables beside them.

use std::collections::BTreeMap;

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::provenance;
use crate::derive::{EncodeTable, SHIFT_JIS_EXCLUDED};
use crate::model::Index;

/// The perfect hash of `keys` (phf_generator's), with its displacements narrowed to u16.
pub struct Hash {
    pub key: u64,
    pub disps: Vec<(u16, u16)>,
    /// `map[slot]` is the position in `keys` of the key that hashes to `slot`.
    pub map: Vec<usize>,
}

/// Hashes the code points as the runtime does: as u16 when every one is in the BMP, else as
/// u32 (phf's hash of a u16 and of a u32 differ). Errors if a displacement does not fit in
/// u16 (phf_generator's are below the number of keys, so only a map of 65536 keys or more
/// could fail).
pub fn hash(code_points: &[char]) -> Result<Hash, String> {
    let state = if code_points.iter().all(|&c| (c as u32) <= 0xFFFF) {
        let keys: Vec<u16> = code_points.iter().map(|&c| c as u16).collect();
        phf_generator::generate_hash(&keys)
    } else {
        let keys: Vec<u32> = code_points.iter().map(|&c| c as u32).collect();
        phf_generator::generate_hash(&keys)
    };
    let disps = state
        .disps
        .iter()
        .map(|&(d1, d2)| Ok((u16::try_from(d1)?, u16::try_from(d2)?)))
        .collect::<Result<Vec<_>, std::num::TryFromIntError>>()
        .map_err(|_| {
            format!(
                "a displacement of the perfect hash of {} keys does not fit in u16",
                code_points.len()
            )
        })?;
    Ok(Hash {
        key: state.key,
        disps,
        map: state.map,
    })
}

/// `VIS static NAME: crate::table::PerfectMap<K, V>` where K (the type the code points are
/// hashed as) is u16 when every code point is in the BMP, else u32, and V is u8 for bytes,
/// u16 for pointers.
///
/// The map stores values only. The runtime hashes a code point to a slot and accepts the
/// slot's value only if the index's decode array maps it back to the code point, so that a
/// code point not in the map is rejected without a key to compare; the table's side-table
/// entries, whose values do not decode back, are left to [`side_table`], and any other entry
/// that does not decode back is an error.
pub fn encode_map(
    vis: &TokenStream,
    name: &Ident,
    table: &EncodeTable,
    index: &Index,
) -> Result<TokenStream, String> {
    let entries = table.map_entries(index)?;
    let bmp = entries.keys().all(|&c| (c as u32) <= 0xFFFF);
    let len = entries.len();
    let doc = format!(
        " Encode map derived from {} by the rule: {}. {} code points{}.\n\n Values only, in perfect-hash order: a code point's slot holds its value if it has one, and the decode array of index {} tells whether it does.\n\n Emitted from the data by `encoding-gen-macros`; do not edit.",
        provenance(index),
        table.rule,
        len,
        if table.side_table.is_empty() {
            String::new()
        } else {
            format!(" (the {} of the side table are a table of their own)", table.side_table.len())
        },
        index.name,
    );
    let code_points: Vec<char> = entries.keys().copied().collect();
    let values_in_order: Vec<u16> = entries.values().copied().collect();
    let hash = hash(&code_points)?;
    let key_ty = if bmp { quote!(u16) } else { quote!(u32) };
    let hash_key = hash.key;
    let d1 = hash.disps.iter().map(|d| d.0);
    let d2 = hash.disps.iter().map(|d| d.1);
    let (value_ty, values): (TokenStream, Vec<TokenStream>) = if table.values_are_bytes {
        (
            quote!(u8),
            hash.map
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
            hash.map
                .iter()
                .map(|&i| {
                    let v = values_in_order[i];
                    quote!(#v)
                })
                .collect(),
        )
    };
    Ok(quote! {
        #[doc = #doc]
        #vis static #name: crate::table::PerfectMap<#key_ty, #value_ty> =
            crate::table::PerfectMap {
                hash_key: #hash_key,
                disps: &[#((#d1, #d2)),*],
                values: &[#(#values),*],
                key: ::core::marker::PhantomData,
            };
    })
}

/// `VIS static NAME: [(u16, u16); N]`: the table's side-table entries (code point, pointer),
/// by code point. Errors if there are none or a code point is beyond the BMP.
pub fn side_table(
    vis: &TokenStream,
    name: &Ident,
    table: &EncodeTable,
    index: &Index,
) -> Result<TokenStream, String> {
    let entries: BTreeMap<char, u16> = table.side_entries();
    if entries.is_empty() {
        return Err(format!(
            "the encoder table of index {} has no side table",
            table.index
        ));
    }
    if entries.keys().any(|&c| (c as u32) > 0xFFFF) {
        return Err("a side-table code point is beyond the BMP".into());
    }
    let len = entries.len();
    let doc = format!(
        " The side table of the encoder of {} (rule: {}): (code point, pointer), by code point, for the {} code points whose pointer does not decode back to them, looked up before the encode map.\n\n Emitted from the data by `encoding-gen-macros`; do not edit.",
        provenance(index),
        table.rule,
        len
    );
    let pairs = entries.iter().map(|(&c, &p)| {
        let c = c as u16;
        quote!((#c, #p))
    });
    Ok(quote! {
        #[doc = #doc]
        #vis static #name: [(u16, u16); #len] = [#(#pairs),*];
    })
}

/// `VIS static NAME: [u16; 564]`: [`crate::derive::shift_jis_remap`], the index Shift_JIS
/// pointer of the code point at each pointer 8272 to 8835 of index jis0208, 0 for none.
pub fn shift_jis_remap(vis: &TokenStream, name: &Ident, jis0208: &Index) -> TokenStream {
    let remap = crate::derive::shift_jis_remap(jis0208);
    let len = remap.len();
    let doc = format!(
        " The index Shift_JIS pointer (section 5: the index pointer, ignoring pointers {} to {}) of the code point at each pointer {0} to {1} of {}, 0 for none. The Shift_JIS encoder shares the encode map of index jis0208 (the index pointer) and looks up here when that map gives a pointer in this range.\n\n Emitted from the data by `encoding-gen-macros`; do not edit.",
        SHIFT_JIS_EXCLUDED.start(),
        SHIFT_JIS_EXCLUDED.end(),
        provenance(jis0208),
    );
    quote! {
        #[doc = #doc]
        #vis static #name: [u16; #len] = [#(#remap),*];
    }
}
