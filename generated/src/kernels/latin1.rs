//! Latin1 (bytes standing for U+0000 to U+00FF) to and from UTF-16 and UTF-8, and how far
//! UTF-8 is Latin1.

use crate::kernels::ascii::{ascii_up_to, convert_ascii_spans};
use crate::kernels::utf8::pack::bmp_non_ascii;

/// Writes each byte of `src` as a code unit into `dst`, as far as the shorter reaches; a loop
/// the compiler vectorizes.
#[inline]
pub(crate) fn widen(src: &[u8], dst: &mut [u16]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = u16::from(*s);
    }
}

/// Writes the low byte of each unit of `src` into `dst`, as far as the shorter reaches.
#[inline]
pub(crate) fn narrow(src: &[u16], dst: &mut [u8]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s as u8;
    }
}

/// Converts Latin1 `src` to UTF-8 in `dst`, whole characters while they fit; returns
/// (bytes read, bytes written). `dst` past the written bytes is left as it was.
#[inline]
pub(crate) fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    convert_ascii_spans(src, dst, |rest, out| {
        let &b = rest.first()?;
        let [lead, trail, ..] = bmp_non_ascii(u16::from(b)).0.to_le_bytes();
        *out.first_chunk_mut::<2>()? = [lead, trail];
        Some((1, 2))
    })
}

/// Converts UTF-8 `src` that is all Latin1 to one byte per character in `dst`, while it
/// fits; returns (bytes read, bytes written). Other input gives unspecified bytes: each
/// non-ASCII byte and the next make one byte, a non-ASCII last byte is left unread.
#[inline]
pub(crate) fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    convert_ascii_spans(src, dst, |rest, out| {
        let [lead, trail, ..] = *rest else {
            return None;
        };
        // 0xC2 and 0xC3 keep one low bit each above the trail's six.
        *out.first_mut()? = (lead << 6) | (trail & 0x3F);
        Some((2, 1))
    })
}

/// The index of the first byte of `bytes` that starts a UTF-8 sequence which is invalid or
/// not Latin1, or `bytes.len()`.
#[inline]
pub(crate) fn utf8_latin1_up_to(bytes: &[u8]) -> usize {
    let mut i = 0;
    loop {
        i += ascii_up_to(bytes.get(i..).unwrap_or_default());
        match bytes.get(i..).unwrap_or_default() {
            [0xC2..=0xC3, 0x80..=0xBF, ..] => i += 2,
            _ => return i,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::tests::harness::{
        char_steps, unit_steps, utf8, valid_prefix, with_each_at,
    };
    use crate::kernels::tests::harness::{check, check_scan, check_str_pieces, Contract};

    /// Texts of every byte value, in spans of ASCII of every length between them.
    fn texts() -> Vec<Vec<u8>> {
        let mut text = Vec::new();
        for b in 0..=255u8 {
            text.push(b);
            text.extend((0..usize::from(b) % 37).map(|i| b'a' + (i % 26) as u8));
        }
        (0..4).map(|start| text[start * 997..].to_vec()).collect()
    }

    /// Every byte to its unit and every unit to its low byte, whole slices.
    #[test]
    fn widen_and_narrow() {
        let to_units = |src: &[u8]| src.iter().map(|&b| (1, vec![u16::from(b)])).collect();
        let high = |t: &Vec<u8>| -> Vec<u16> {
            let units = t.iter().zip((0..3).cycle());
            units.map(|(&b, h)| u16::from(b) | h << 8).collect()
        };
        let units: Vec<Vec<u16>> = texts().iter().map(high).collect();
        let to_low_bytes = |src: &[u16]| src.iter().map(|&u| (1, vec![u as u8])).collect();
        check(&texts(), to_units, Contract::EXACT, |s, d| {
            widen(s, d);
            (s.len().min(d.len()), s.len().min(d.len()))
        });
        check(&units, to_low_bytes, Contract::EXACT, |s, d| {
            narrow(s, d);
            (s.len().min(d.len()), s.len().min(d.len()))
        });
    }

    /// Each byte as the character it stands for, in UTF-8.
    #[test]
    fn latin1_to_utf8_is_the_standard_librarys_encoding() {
        let latin1 = unit_steps(|b: u8| Some(utf8(char::from(b))));
        check(&texts(), latin1, Contract::EXACT, latin1_to_utf8);
    }

    #[test]
    fn utf8_to_latin1_inverts_latin1_to_utf8() {
        let text: String = texts()[0].iter().map(|&b| char::from(b)).collect();
        let steps = char_steps(|c| Some(vec![c as u8]));
        check_str_pieces(&text, steps, Contract::EXACT, utf8_to_latin1);
    }

    /// Latin1 and other characters, invalid and cut sequences, at every place.
    #[test]
    fn utf8_latin1_up_to_stops_at_non_latin1_and_invalid_sequences() {
        let reference = |src: &[u8]| {
            valid_prefix(src)
                .chars()
                .take_while(|&c| c <= '\u{FF}')
                .map(char::len_utf8)
                .sum()
        };
        let inserts: [&[u8]; 8] = [
            b"\xC2\x80",
            b"\xC3\xBF",
            b"\xC4\x80",
            b"\xC3",
            b"\xC3a",
            b"\xC1\xBF",
            b"\x80",
            b"\xE2\x82\xAC",
        ];
        let text: Vec<u8> = (0..330).map(|i| b'a' + (i % 26) as u8).collect();
        let texts = with_each_at(&text, &inserts, 0..80, false);
        check_scan(&texts, reference, utf8_latin1_up_to);
    }
}
