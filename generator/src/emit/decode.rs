//! Dense decode arrays: pointer -> code point.

use super::{array, provenance, static_item, u16_array};
use crate::model::Index;

/// `VIS static NAME: [u16; N]`, indexed by pointer, 0 where the index has no code point for
/// the pointer.
///
/// If the index has code points beyond the BMP, they must all be in plane 2 (as index Big5's
/// are; an error otherwise): the array then holds their low 16 bits and `NAME_PLANE_2: [u32;
/// M]` is a bitset by pointer (bit `p % 32` of word `p / 32`) of the pointers whose code point
/// is in plane 2, so that the array needs 2 bytes per pointer rather than 4.
pub fn decode_array(vis: &str, name: &str, index: &Index) -> Result<String, String> {
    let slots = index.pointers();
    let len = slots.len();
    let values = u16_array(slots.iter().map(|c| c.map_or(0, |c| c as u32 as u16)));
    let mapped = index.data.entry_count();
    let bits = plane_2_bits(index)?;
    let doc = format!(
        "Decode table of {}: code point by pointer, 0 for none ({} of {} pointers mapped){}.",
        provenance(index),
        mapped,
        len,
        if bits.is_some() {
            format!("; for the pointers in `{name}_PLANE_2`, the low 16 bits of a code point in plane 2")
        } else {
            String::new()
        }
    );
    let mut text = static_item(&doc, vis, name, &format!("[u16; {len}]"), &values);
    let Some(bits) = bits else {
        return Ok(text);
    };
    let astral = slots
        .iter()
        .flatten()
        .filter(|&&c| (c as u32) > 0xFFFF)
        .count();
    let bits_doc = format!(
        "The pointers of {} whose code point is in plane 2 ({astral} of them), a bit per pointer (bit `pointer % 32` of word `pointer / 32`): their code point is 0x20000 plus `{name}[pointer]`.",
        provenance(index),
    );
    text += &static_item(
        &bits_doc,
        vis,
        &format!("{name}_PLANE_2"),
        &format!("[u32; {}]", bits.len()),
        &array(bits),
    );
    Ok(text)
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
pub fn ranges(vis: &str, name: &str, index: &Index) -> String {
    let r = index.ranges();
    let ty = format!("[u32; {}]", r.len());
    static_item(
        &format!("First pointer of each range of {}.", provenance(index)),
        vis,
        &format!("{name}_POINTERS"),
        &ty,
        &array(r.iter().map(|&(p, _)| p)),
    ) + &static_item(
        &format!(
            "First code point of each range of {}, parallel to the pointers.",
            provenance(index)
        ),
        vis,
        &format!("{name}_CODE_POINTS"),
        &ty,
        &array(r.iter().map(|&(_, c)| c as u32)),
    )
}
