//! The tables of the Korean encoding: index EUC-KR (section 13).

#[cfg(feature = "euc-kr")]
encoding_gen_macros::two_byte_index!(pub(crate) static EUC_KR = "euc-kr");
#[cfg(feature = "euc-kr")]
encoding_gen_macros::encode_index!(pub(crate) static EUC_KR_ENCODE = "euc-kr");
#[cfg(all(feature = "fast-hangul-encode", feature = "euc-kr"))]
encoding_gen_macros::encode_direct!(pub(crate) static EUC_KR_HANGUL = "euc-kr U+AC00..=U+D7A3");
#[cfg(all(feature = "fast-hanja-encode", feature = "euc-kr"))]
encoding_gen_macros::encode_direct!(pub(crate) static EUC_KR_HANJA = "euc-kr U+4E00..=U+9FFF");

#[cfg(all(
    test,
    any(feature = "fast-hangul-encode", feature = "fast-hanja-encode")
))]
mod tests {
    use super::*;

    /// Each direct table gives every code point of its range what the map gives it.
    fn agrees_with_the_map<const N: usize>(table: &crate::tables::DirectTable<N>) -> usize {
        let mut found = 0;
        for c in table.code_points() {
            let hashed = EUC_KR_ENCODE.pointer(c, &EUC_KR);
            assert_eq!(table.get(c), hashed, "{c}");
            found += usize::from(hashed.is_some());
        }
        found
    }

    /// Every one of the 11,172 Hangul syllables is in index EUC-KR (KS X 1001's 2,350 and
    /// the extension's 8,822).
    #[cfg(feature = "fast-hangul-encode")]
    #[test]
    fn hangul_agree_with_the_map() {
        assert_eq!(agrees_with_the_map(&EUC_KR_HANGUL), 11172);
        // 가, the first syllable, is at 0xB0 0xA1: pointer (0xB0 − 0x81) × 190 + 0xA1 − 0x41.
        assert_eq!(EUC_KR_HANGUL.get('\u{AC00}'), Some(47 * 190 + 0x60));
    }

    /// KS X 1001's 4,888 Hanja, of which 268 are compatibility ideographs (U+F900 on),
    /// outside the table's range.
    #[cfg(feature = "fast-hanja-encode")]
    #[test]
    fn hanja_agree_with_the_map() {
        let mut hanja: Vec<u32> = (0..23940)
            .map(|p| EUC_KR.value_at(p))
            .filter(|c| (0x4E00..=0x9FFF).contains(c))
            .collect();
        hanja.sort_unstable();
        hanja.dedup();
        let in_range = hanja.len();
        assert_eq!(agrees_with_the_map(&EUC_KR_HANJA), in_range);
        assert!(in_range > 4000, "{in_range}");
    }
}
