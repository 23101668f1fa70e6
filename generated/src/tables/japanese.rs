//! The tables of the Japanese encodings (section 12), each compiled only when an encoding
//! using it is enabled.
//!
//! | table | index | used by |
//! |---|---|---|
//! | [`JIS0208_DECODE`] | index jis0208 | all three decoders |
//! | [`JIS0212_DECODE`] | index jis0212 | the EUC-JP decoder |
//! | [`ISO_2022_JP_KATAKANA_DECODE`] | index ISO-2022-JP katakana | the ISO-2022-JP encoder |
//! | [`JIS0208_ENCODE`] | the index pointer in index jis0208 | the EUC-JP and ISO-2022-JP encoders |
//! | [`SHIFT_JIS_ENCODE`] | the index Shift_JIS pointer | the Shift_JIS encoder |

use encoding_gen_macros::{decode_table, encode_map};

#[cfg(any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp"))]
decode_table!(pub(crate) static JIS0208_DECODE = "jis0208");

#[cfg(feature = "euc-jp")]
decode_table!(pub(crate) static JIS0212_DECODE = "jis0212");

#[cfg(feature = "iso-2022-jp")]
decode_table!(pub(crate) static ISO_2022_JP_KATAKANA_DECODE = "iso-2022-jp-katakana");

#[cfg(any(feature = "euc-jp", feature = "iso-2022-jp"))]
encode_map!(pub(crate) static JIS0208_ENCODE = "jis0208");

#[cfg(feature = "shift_jis")]
encode_map!(pub(crate) static SHIFT_JIS_ENCODE = "shift_jis");

#[cfg(all(
    test,
    feature = "shift_jis",
    feature = "euc-jp",
    feature = "iso-2022-jp"
))]
mod tests {
    use super::*;
    use crate::table::PerfectMap;

    /// The pointers of `c` in index jis0208, in order.
    fn pointers_of(c: u16) -> impl Iterator<Item = u16> {
        (0u16..)
            .zip(JIS0208_DECODE.iter())
            .filter(move |&(_, &v)| v == c)
            .map(|(p, _)| p)
    }

    fn distinct_code_points(skip: impl Fn(usize) -> bool) -> usize {
        let mut seen: Vec<u16> = (0..JIS0208_DECODE.len())
            .filter(|&p| !skip(p) && JIS0208_DECODE[p] != 0)
            .map(|p| JIS0208_DECODE[p])
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
    }

    /// Section 5, "index pointer": the first pointer of each code point of index jis0208.
    #[test]
    fn jis0208_encode_map_is_the_index_pointer() {
        assert_eq!(JIS0208_ENCODE.len(), distinct_code_points(|_| false));
        for (c, p) in JIS0208_ENCODE.entries() {
            assert_eq!(pointers_of(c).next(), Some(p), "U+{c:04X}");
            // "If pointer is non-null, it is less than 8836" (section 12.1.2 step 7).
            assert!(p < 8836);
        }
    }

    /// Section 5, "index Shift_JIS pointer": the first pointer outside 8272 to 8835.
    #[test]
    fn shift_jis_encode_map_is_the_index_shift_jis_pointer() {
        let excluded = |p: usize| (8272..=8835).contains(&p);
        assert_eq!(SHIFT_JIS_ENCODE.len(), distinct_code_points(excluded));
        for (c, p) in SHIFT_JIS_ENCODE.entries() {
            let first = pointers_of(c).find(|&q| !excluded(q as usize));
            assert_eq!(first, Some(p), "U+{c:04X}");
        }
        // U+2170 is at pointers 8634 and 10716.
        assert_eq!(SHIFT_JIS_ENCODE.get_char('\u{2170}'), Some(10716));
        assert_eq!(JIS0208_ENCODE.get_char('\u{2170}'), Some(8634));
    }

    #[test]
    fn katakana_index_has_63_full_width_entries() {
        assert_eq!(ISO_2022_JP_KATAKANA_DECODE.len(), 63);
        for &c in ISO_2022_JP_KATAKANA_DECODE.iter() {
            assert!(JIS0208_ENCODE.get(c).is_some(), "U+{c:04X}");
        }
    }

    /// The tables' sizes in bytes, for the record (`--nocapture` shows them).
    #[test]
    fn sizes() {
        fn map<K, V>(name: &str, m: &PerfectMap<K, V>) -> usize {
            let bytes = m.keys.len() * (size_of::<K>() + size_of::<V>()) + m.disps.len() * 8;
            eprintln!(
                "{name}: {} entries, {} disps, {bytes} bytes",
                m.keys.len(),
                m.disps.len()
            );
            bytes
        }
        fn array<T>(name: &str, a: &[T]) -> usize {
            let bytes = size_of_val(a);
            eprintln!("{name}: {} slots, {bytes} bytes", a.len());
            bytes
        }
        let total = array("JIS0208_DECODE", &JIS0208_DECODE)
            + array("JIS0212_DECODE", &JIS0212_DECODE)
            + array("ISO_2022_JP_KATAKANA_DECODE", &ISO_2022_JP_KATAKANA_DECODE)
            + map("JIS0208_ENCODE", &JIS0208_ENCODE)
            + map("SHIFT_JIS_ENCODE", &SHIFT_JIS_ENCODE);
        eprintln!("total: {total} bytes");
        assert!(total > 0);
    }
}
