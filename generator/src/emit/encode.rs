//! Encode maps: code point -> pointer (or byte) as value-only perfect-hash maps, and the
//! small tables beside them.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

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

/// `VIS static NAME: crate::tables::PerfectMap<V>` where V is u8 for bytes, u16 for pointers.
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
    let value_ty = if table.values_are_bytes { "u8" } else { "u16" };
    let map = perfect_map_literal(&entries, table.values_are_bytes)?;
    Ok(static_item(
        &doc,
        vis,
        name,
        &format!("crate::tables::PerfectMap<{value_ty}>"),
        &map,
    ))
}

/// A `crate::tables::PerfectMap` literal of `entries` (code point → value), whose values are
/// bytes (u8) if `bytes`, pointers (u16) otherwise.
pub fn perfect_map_literal(entries: &BTreeMap<char, u16>, bytes: bool) -> Result<String, String> {
    let code_points: Vec<char> = entries.keys().copied().collect();
    let values_in_order: Vec<u16> = entries.values().copied().collect();
    let hash = hash(&code_points)?;
    let values = hash.map.iter().map(|&i| values_in_order[i]);
    let values = if bytes {
        byte_string(values.map(|v| v as u8))
    } else {
        format!("&{}", u16_array(values))
    };
    Ok(format!(
        "crate::tables::PerfectMap {{ seed: {}, pilots: {}, remap: &{}, values: {values} }}",
        hash.seed,
        byte_string(hash.pilots.iter().copied()),
        array(&hash.remap),
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

/// The value [`direct`] tables give a code point the encoder table lacks: above every pointer
/// of the standard's indexes (index gb18030's largest, 23,939), so never a value.
pub const DIRECT_NONE: u16 = u16::MAX;

/// Parses a [`direct`] table's argument, `"TABLE U+XXXX..=U+YYYY"`: the encoder table's name
/// and the inclusive range of code points.
pub fn parse_direct_argument(argument: &str) -> Result<(&str, RangeInclusive<char>), String> {
    let usage = || format!("expected \"TABLE U+XXXX..=U+YYYY\", not {argument:?}");
    let (table, range) = argument.split_once(' ').ok_or_else(usage)?;
    let (first, last) = range.split_once("..=").ok_or_else(usage)?;
    let code_point = |text: &str| {
        let hex = text.strip_prefix("U+").ok_or_else(usage)?;
        u32::from_str_radix(hex, 16)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| format!("{text} is not a scalar value"))
    };
    let (first, last) = (code_point(first)?, code_point(last)?);
    if first > last {
        return Err(format!("{argument:?}: the range is empty"));
    }
    Ok((table, first..=last))
}

/// `VIS static NAME: crate::tables::DirectTable<N>`: the values of `table` (the pointers the
/// encoder writes, side table included) for every code point of `range`, in order, with
/// [`DIRECT_NONE`] for the code points it does not map: what the encoders look up at once,
/// by the code point's offset from the range's first, before they hash. Errors if a value is
/// [`DIRECT_NONE`] or the table's values are bytes (the single-byte encoders have no use for
/// it).
pub fn direct(
    vis: &str,
    name: &str,
    table: &EncodeTable,
    index: &Index,
    range: RangeInclusive<char>,
) -> Result<String, String> {
    if table.values_are_bytes {
        return Err(format!(
            "the encoder table of index {} holds bytes: no direct table for it",
            table.index
        ));
    }
    let values: Vec<u16> = (*range.start() as u32..=*range.end() as u32)
        .map(|c| {
            let value = char::from_u32(c).and_then(|c| table.entries.get(&c).copied());
            match value {
                Some(DIRECT_NONE) => Err(format!(
                    "the encoder table of index {} maps U+{c:04X} to {DIRECT_NONE}, the value a direct table keeps for none",
                    table.index
                )),
                Some(v) => Ok(v),
                None => Ok(DIRECT_NONE),
            }
        })
        .collect::<Result<_, _>>()?;
    // The range trimmed to its first and last code points with a value: the others would
    // only hold none.
    let mapped = |v: &u16| *v != DIRECT_NONE;
    let (Some(start), Some(end)) = (
        values.iter().position(mapped),
        values.iter().rposition(mapped),
    ) else {
        return Err(format!(
            "the encoder table of index {} maps no code point of U+{:04X} to U+{:04X}",
            table.index,
            *range.start() as u32,
            *range.end() as u32
        ));
    };
    let values = &values[start..=end];
    let first = *range.start() as u32 + start as u32;
    let len = values.len();
    let doc = format!(
        "The encoder's values for U+{first:04X} to U+{:04X}, inclusive (the first and last code points of U+{:04X} to U+{:04X} that have one), by code point, from {} by the rule: {}. {} of the {len} code points have one; the others hold {DIRECT_NONE}.\n\nIndexed by the code point's offset from U+{first:04X}: one load where the encode map hashes.",
        first + len as u32 - 1,
        *range.start() as u32,
        *range.end() as u32,
        provenance(index),
        table.rule,
        values.iter().filter(|v| mapped(v)).count(),
    );
    let value = format!(
        "crate::tables::DirectTable {{ first: {first}, values: {} }}",
        u16_array(values.iter().copied())
    );
    Ok(static_item(
        &doc,
        vis,
        name,
        &format!("crate::tables::DirectTable<{len}>"),
        &value,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{IndexData, IndexMeta};
    use std::collections::BTreeSet;

    #[test]
    fn direct_arguments() {
        assert_eq!(
            parse_direct_argument("euc-kr U+AC00..=U+D7A3"),
            Ok(("euc-kr", '\u{AC00}'..='\u{D7A3}'))
        );
        for bad in [
            "euc-kr",
            "euc-kr AC00..=D7A3",
            "euc-kr U+AC00..U+D7A3",
            "euc-kr U+D800..=U+D8FF",
            "euc-kr U+D7A3..=U+AC00",
        ] {
            assert!(parse_direct_argument(bad).is_err(), "{bad}");
        }
    }

    /// The range is trimmed to its first and last mapped code points, a gap holds none,
    /// and the side table's entries are in it.
    #[test]
    fn direct_tables_are_trimmed_and_hold_none_in_gaps() {
        let index = Index {
            name: "toy".into(),
            meta: IndexMeta::default(),
            data: IndexData::Pointers(vec![Some('\u{4E01}'), None, Some('\u{4E03}')]),
        };
        let table = EncodeTable {
            index: "toy".into(),
            rule: "a test's",
            values_are_bytes: false,
            entries: BTreeMap::from([('\u{4E01}', 0), ('\u{4E03}', 2), ('\u{4E04}', 1)]),
            side_table: BTreeSet::from(['\u{4E04}']),
        };
        let text = direct("pub", "T", &table, &index, '\u{4E00}'..='\u{4FFF}').unwrap();
        assert!(text.contains("pub static T: crate::tables::DirectTable<4> = crate::tables::DirectTable { first: 19969, values: "), "{text}");
        assert!(text.contains(&u16_array([0, DIRECT_NONE, 2, 1])), "{text}");
        assert!(direct("pub", "T", &table, &index, '\u{5000}'..='\u{5FFF}').is_err());
    }
}
