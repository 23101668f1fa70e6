//! The tables of the Japanese encodings (section 12), each compiled only when an encoding
//! using it is enabled.
//!
//! | table | index | used by |
//! |---|---|---|
//! | [`JIS0208`] | index jis0208 | all three decoders, and the encoders' lookups |
//! | [`JIS0212`] | index jis0212 | the EUC-JP decoder |
//! | [`ISO_2022_JP_KATAKANA_DECODE`] | index ISO-2022-JP katakana | the ISO-2022-JP encoder |
//! | [`JIS0208_ENCODE`] | the index pointer in index jis0208 (its kana computed from their parts) | all three encoders |
//! | [`SHIFT_JIS_REMAP`] | the index Shift_JIS pointer where it differs | the Shift_JIS encoder |
//! | `JIS0208_KANJI`, `JIS0208_KANA_PUNCTUATION`, `JIS0208_FULL_WIDTH` | [`JIS0208_ENCODE`] for the CJK Unified Ideographs, U+3000 to U+30FF and the full-width forms, by code point (`fast-kanji-encode`) | all three encoders |
//!
//! [`JIS0208_DIRECT`] is the range of code points the three encoders look up at once, and
//! [`jis0208_pointer`] how they look one up.

use encoding_gen_macros::{encode_index, two_byte_index};

#[cfg(any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp"))]
two_byte_index!(pub(crate) static JIS0208 = "jis0208");

#[cfg(feature = "euc-jp")]
two_byte_index!(pub(crate) static JIS0212 = "jis0212");

#[cfg(feature = "iso-2022-jp")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_2022_JP_KATAKANA_DECODE = "iso-2022-jp-katakana");

#[cfg(any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp"))]
encode_index!(pub(crate) static JIS0208_ENCODE = "jis0208");
#[cfg(all(
    feature = "fast-kanji-encode",
    any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp")
))]
encoding_gen_macros::encode_direct!(pub(crate) static JIS0208_KANJI = "jis0208 U+4E00..=U+9FFF");
#[cfg(all(
    feature = "fast-kanji-encode",
    any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp")
))]
encoding_gen_macros::encode_direct!(pub(crate) static JIS0208_KANA_PUNCTUATION = "jis0208 U+3000..=U+30FF");
#[cfg(all(
    feature = "fast-kanji-encode",
    any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp")
))]
encoding_gen_macros::encode_direct!(pub(crate) static JIS0208_FULL_WIDTH = "jis0208 U+FF00..=U+FF60");

/// The index pointer of `c` in index jis0208 (section 5), as the three encoders look it up
/// ([`JIS0208_ENCODE`]); with `fast-kanji-encode`, the ISO-2022-JP
/// encoder looks kanji, kana, CJK punctuation and full-width forms up by code point first
/// (the other two encoders look them up in their own tables of bytes before they get here).
#[cfg(any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp"))]
#[inline(always)]
pub(crate) fn jis0208_pointer(c: char) -> Option<u16> {
    #[cfg(all(feature = "fast-kanji-encode", feature = "iso-2022-jp"))]
    if let Some(pointer) = JIS0208_KANJI
        .get(c)
        .or_else(|| JIS0208_KANA_PUNCTUATION.get(c))
        .or_else(|| JIS0208_FULL_WIDTH.get(c))
    {
        return Some(pointer);
    }
    JIS0208_ENCODE.pointer(c, &JIS0208)
}

/// The code points that go straight to index jis0208 in all three encoders: none of the
/// steps before the lookup concerns them (those are about ASCII, U+0080, U+00A5, U+203E,
/// U+2212 and U+FF61 to U+FF9F), and they hold the kanji, kana and punctuation of Japanese
/// text, so the encoders test this range first.
#[cfg(any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp"))]
pub(crate) const JIS0208_DIRECT: core::ops::Range<char> = '\u{2213}'..'\u{FF61}';

#[cfg(feature = "shift_jis")]
encoding_gen_macros::shift_jis_remap!(pub(crate) static SHIFT_JIS_REMAP = "jis0208");

#[cfg(all(
    test,
    feature = "shift_jis",
    feature = "euc-jp",
    feature = "iso-2022-jp"
))]
mod tests {
    use super::*;

    /// Every pointer the decoders can address.
    const POINTERS: usize = 11280;

    /// The pointers of `c` in index jis0208, in order.
    fn pointers_of(c: u32) -> impl Iterator<Item = u16> {
        (0..POINTERS)
            .filter(move |&p| JIS0208.value_at(p) == c)
            .map(|p| p as u16)
    }

    fn distinct_code_points() -> Vec<u32> {
        let mut seen: Vec<u32> = (0..POINTERS)
            .map(|p| JIS0208.value_at(p))
            .filter(|&c| c != 0)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen
    }

    /// The index Shift_JIS pointer as the encoder computes it from the two tables.
    fn shift_jis_pointer(c: u32) -> Option<u16> {
        let c = char::from_u32(c)?;
        match JIS0208_ENCODE.pointer(c, &JIS0208)? {
            p @ 8272..=8835 => Some(SHIFT_JIS_REMAP[p as usize - 8272]).filter(|&p| p != 0),
            p => Some(p),
        }
    }

    /// Section 5, "index pointer": the first pointer of each code point of index jis0208.
    #[test]
    fn jis0208_encode_lookups_are_the_index_pointer() {
        for c in distinct_code_points() {
            let p = JIS0208_ENCODE.pointer(char::from_u32(c).unwrap(), &JIS0208);
            assert_eq!(pointers_of(c).next(), p, "U+{c:04X}");
            // "If pointer is non-null, it is less than 8836" (section 12.1.2 step 7).
            assert!(p.unwrap() < 8836);
        }
    }

    /// Section 5, "index Shift_JIS pointer": the first pointer outside 8272 to 8835.
    #[test]
    fn shift_jis_pointer_is_the_index_shift_jis_pointer() {
        let excluded = |p: usize| (8272..=8835).contains(&p);
        for c in distinct_code_points() {
            let first = pointers_of(c).find(|&q| !excluded(q as usize));
            assert_eq!(first, shift_jis_pointer(c), "U+{c:04X}");
        }
        // U+2170 is at pointers 8634 and 10716.
        assert_eq!(shift_jis_pointer(0x2170), Some(10716));
        assert_eq!(JIS0208_ENCODE.pointer('\u{2170}', &JIS0208), Some(8634));
        // Code points outside the index are rejected.
        assert_eq!(JIS0208_ENCODE.pointer('\u{E000}', &JIS0208), None);
        assert_eq!(JIS0208_ENCODE.pointer('\u{20000}', &JIS0208), None);
    }

    /// The direct tables give every code point of their ranges what the lookups give it, and
    /// the kanji table has every kanji of the index in its range.
    #[cfg(feature = "fast-kanji-encode")]
    #[test]
    fn jis0208_direct_tables_agree_with_the_map() {
        fn agree<const N: usize>(table: &crate::tables::DirectTable<N>) -> usize {
            let mut found = 0;
            for c in table.code_points() {
                let looked_up = JIS0208_ENCODE.pointer(c, &JIS0208);
                assert_eq!(table.get(c), looked_up, "{c}");
                found += usize::from(looked_up.is_some());
            }
            found
        }
        let kanji = distinct_code_points()
            .into_iter()
            .filter(|&c| (0x4E00..=0x9FFF).contains(&c))
            .count();
        assert_eq!(agree(&JIS0208_KANJI), kanji);
        assert!(agree(&JIS0208_KANA_PUNCTUATION) > 150);
        assert!(agree(&JIS0208_FULL_WIDTH) > 80);
        // 亜, the first kanji of JIS X 0208 level 1, is at row 16, cell 1.
        assert_eq!(JIS0208_KANJI.get('\u{4E9C}'), Some(15 * 94));
    }

    #[test]
    fn katakana_index_has_63_full_width_entries() {
        assert_eq!(ISO_2022_JP_KATAKANA_DECODE.len(), 63);
        for &c in ISO_2022_JP_KATAKANA_DECODE.iter() {
            let c = char::from_u32(c as u32).unwrap();
            assert!(JIS0208_ENCODE.pointer(c, &JIS0208).is_some(), "{c}");
        }
    }
}
