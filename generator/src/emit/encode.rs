//! Encode maps: code point -> pointer (or byte) as value-only perfect-hash maps, and the
//! small tables beside them.

use std::collections::BTreeMap;

use super::{array, byte_string, provenance, static_item, u16_array};
use crate::derive::{EncodeTable, SHIFT_JIS_EXCLUDED};
use crate::model::Index;

/// The perfect hash of the code points: phf_generator's PtrHash under
/// [`code_point_hash::hash`] (the function the runtime looks up with), with its remap narrowed
/// to u16.
pub struct Hash {
    /// The seed the hash of every code point is computed under.
    pub seed: u64,
    /// One byte per bucket (about one bucket per three keys).
    pub pilots: Vec<u8>,
    /// Where the slots past the last value (PtrHash uses about 1% more slots than keys) go.
    pub remap: Vec<u16>,
    /// `map[slot]` is the position in `code_points` of the code point that hashes to `slot`.
    pub map: Vec<usize>,
}

/// Hashes the code points as the runtime does: as u32, with [`code_point_hash::hash`].
/// Errors if a remapped slot does not fit in u16 (a map of 65536 keys or more).
pub fn hash(code_points: &[char]) -> Result<Hash, String> {
    let keys: Vec<u32> = code_points.iter().map(|&c| c as u32).collect();
    let state = phf_generator::ptrhash::generate_hash_with_hash_fn(&keys, |&key, &seed| {
        code_point_hash::hash(key, seed)
    });
    let remap = state
        .remap
        .iter()
        .map(|&r| u16::try_from(r))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| {
            format!(
                "a slot of the perfect hash of {} keys does not fit in u16",
                code_points.len()
            )
        })?;
    Ok(Hash {
        seed: state.seed,
        pilots: state.pilots,
        remap,
        map: state.map,
    })
}

/// `VIS static NAME: crate::table::PerfectMap<V>` where V is u8 for bytes, u16 for pointers.
///
/// The map stores values only. The runtime hashes a code point to a slot and accepts the
/// slot's value only if the index's decode array maps it back to the code point, so that a
/// code point not in the map is rejected without a key to compare; the table's side-table
/// entries, whose values do not decode back, are left to [`side_table`], and any other entry
/// that does not decode back is an error.
pub fn encode_map(
    vis: &str,
    name: &str,
    table: &EncodeTable,
    index: &Index,
) -> Result<String, String> {
    let entries = table.map_entries(index)?;
    let len = entries.len();
    let doc = format!(
        "Encode map derived from {} by the rule: {}. {} code points{}.\n\nValues only, in perfect-hash order: a code point's slot holds its value if it has one, and the decode array of index {} tells whether it does.",
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
    let values = hash.map.iter().map(|&i| values_in_order[i]);
    let (value_ty, values) = if table.values_are_bytes {
        ("u8", byte_string(values.map(|v| v as u8)))
    } else {
        ("u16", format!("&{}", u16_array(values)))
    };
    let map = format!(
        "crate::table::PerfectMap {{ seed: {}, pilots: {}, remap: &{}, values: {values} }}",
        hash.seed,
        byte_string(hash.pilots.iter().copied()),
        array(&hash.remap),
    );
    Ok(static_item(
        &doc,
        vis,
        name,
        &format!("crate::table::PerfectMap<{value_ty}>"),
        &map,
    ))
}

/// `VIS static NAME: [(u16, u16); N]`: the table's side-table entries (code point, pointer),
/// by code point. Errors if there are none or a code point is beyond the BMP.
pub fn side_table(
    vis: &str,
    name: &str,
    table: &EncodeTable,
    index: &Index,
) -> Result<String, String> {
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
        "The side table of the encoder of {} (rule: {}): (code point, pointer), by code point, for the {} code points whose pointer does not decode back to them, looked up before the encode map.",
        provenance(index),
        table.rule,
        len
    );
    let pairs = array(
        entries
            .iter()
            .map(|(&c, &p)| format!("({}, {p})", c as u32)),
    );
    Ok(static_item(
        &doc,
        vis,
        name,
        &format!("[(u16, u16); {len}]"),
        &pairs,
    ))
}

/// `VIS static NAME: [(u16, u16, u16); N]`: [`EncodeTable::runs`] of the table, as (first code
/// point, length, first value). Errors if a run does not fit in u16.
pub fn runs(vis: &str, name: &str, table: &EncodeTable, index: &Index) -> Result<String, String> {
    let runs = table.runs(index)?;
    let triples = runs
        .iter()
        .map(|&(c, len, value)| {
            let c = u16::try_from(c as u32).ok()?;
            let len = u16::try_from(len).ok()?;
            value.checked_add(len)?;
            Some(format!("({c}, {len}, {value})"))
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| {
            format!(
                "a run of the encoder table of index {} does not fit in u16",
                table.index
            )
        })?;
    let len = triples.len();
    let triples = array(triples);
    let doc = format!(
        "The runs of at least {} consecutive code points with consecutive values in the encode map derived from {} (rule: {}): (first code point, length, first value), by code point. The encoders compute the value of a code point in a run rather than look it up in the map.",
        crate::derive::MIN_RUN,
        provenance(index),
        table.rule,
    );
    Ok(static_item(
        &doc,
        vis,
        name,
        &format!("[(u16, u16, u16); {len}]"),
        &triples,
    ))
}

/// `VIS static NAME: [u16; 564]`: [`crate::derive::shift_jis_remap`], the index Shift_JIS
/// pointer of the code point at each pointer 8272 to 8835 of index jis0208, 0 for none.
pub fn shift_jis_remap(vis: &str, name: &str, jis0208: &Index) -> String {
    let remap = crate::derive::shift_jis_remap(jis0208);
    let len = remap.len();
    let remap = array(remap);
    let doc = format!(
        "The index Shift_JIS pointer (section 5: the index pointer, ignoring pointers {} to {}) of the code point at each pointer {0} to {1} of {}, 0 for none. The Shift_JIS encoder shares the encode map of index jis0208 (the index pointer) and looks up here when that map gives a pointer in this range.",
        SHIFT_JIS_EXCLUDED.start(),
        SHIFT_JIS_EXCLUDED.end(),
        provenance(jis0208),
    );
    static_item(&doc, vis, name, &format!("[u16; {len}]"), &remap)
}
