//! Dense decode arrays: pointer -> code point.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::provenance;
use crate::model::Index;

/// `VIS static NAME: [u16; N]`, indexed by pointer, 0 where the index has no code point for
/// the pointer.
///
/// If the index has code points beyond the BMP, they must all be in plane 2 (as index Big5's
/// are; an error otherwise): the array then holds their low 16 bits and `NAME_PLANE_2: [u32;
/// M]` is a bitset by pointer (bit `p % 32` of word `p / 32`) of the pointers whose code point
/// is in plane 2, so that the array needs 2 bytes per pointer rather than 4.
pub fn decode_array(vis: &TokenStream, name: &Ident, index: &Index) -> Result<TokenStream, String> {
    let slots = index.pointers();
    let len = slots.len();
    let values = slots.iter().map(|c| c.map_or(0, |c| c as u32 as u16));
    let mapped = index.data.entry_count();
    let doc = format!(
        " Decode table of {}: code point by pointer, 0 for none ({} of {} pointers mapped){}.\n\n Emitted from the data by `encoding-gen-macros`; do not edit.",
        provenance(index),
        mapped,
        len,
        if plane_2_bits(index)?.is_some() {
            format!("; for the pointers in `{name}_PLANE_2`, the low 16 bits of a code point in plane 2")
        } else {
            String::new()
        }
    );
    let array = quote! {
        #[doc = #doc]
        #vis static #name: [u16; #len] = [#(#values),*];
    };
    let Some(bits) = plane_2_bits(index)? else {
        return Ok(array);
    };
    let bits_name = quote::format_ident!("{}_PLANE_2", name);
    let bits_len = bits.len();
    let astral = slots
        .iter()
        .flatten()
        .filter(|&&c| (c as u32) > 0xFFFF)
        .count();
    let bits_doc = format!(
        " The pointers of {} whose code point is in plane 2 ({astral} of them), a bit per pointer (bit `pointer % 32` of word `pointer / 32`): their code point is 0x20000 plus `{name}[pointer]`.\n\n Emitted from the data by `encoding-gen-macros`; do not edit.",
        provenance(index),
    );
    Ok(quote! {
        #array
        #[doc = #bits_doc]
        #vis static #bits_name: [u32; #bits_len] = [#(#bits),*];
    })
}

/// The plane-2 bitset of [`decode_array`]: None if every code point is in the BMP, an error if
/// one is beyond the BMP but not in plane 2.
pub fn plane_2_bits(index: &Index) -> Result<Option<Vec<u32>>, String> {
    let slots = index.pointers();
    if slots.iter().flatten().all(|&c| (c as u32) <= 0xFFFF) {
        return Ok(None);
    }
    let mut bits = vec![0u32; slots.len().div_ceil(32)];
    for (p, c) in index.entries() {
        match (c as u32) >> 16 {
            0 => {}
            2 => bits[p as usize / 32] |= 1 << (p % 32),
            plane => {
                return Err(format!(
                    "index {}: pointer {p} is U+{:04X}, in plane {plane}: a decode array holds code points of the BMP and of plane 2 only",
                    index.name, c as u32
                ))
            }
        }
    }
    Ok(Some(bits))
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
