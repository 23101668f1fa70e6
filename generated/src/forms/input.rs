//! The input forms the encode loop is generic over: a `&str` and UTF-16 code units.
//!
//! The loop and the handlers' bulk paths read code points through a [`Cursor`], so that
//! `encode_from_utf8` and `encode_from_utf16` are the same code monomorphised twice. UTF-16
//! input may hold unpaired surrogates (it is what JavaScript, Windows and Java call a
//! string): each reads as U+FFFD, as encoding_rs does. A lead surrogate at the very end of a
//! call that is not the last is not read at all here; the loop keeps it for the next call,
//! where a trail surrogate may complete it.

/// An input form.
pub(crate) trait Input<'a>: Copy {
    /// The cursor over this input.
    type Cursor: Cursor<'a, Input = Self>;

    /// Its length in code units (bytes for a `&str`, `u16`s for UTF-16).
    fn len(self) -> usize;

    /// The input from code unit `at` (a character boundary) on.
    fn from(self, at: usize) -> Self;

    /// A cursor at the start.
    fn cursor(self) -> Self::Cursor;

    /// The first code unit, if this is UTF-16 input and it is not empty: what a lead
    /// surrogate held from the previous call may pair with.
    fn first_utf16_unit(self) -> Option<u16>;

    /// The input without a lead surrogate as its last code unit, and whether there was
    /// one: such a surrogate may pair with the first unit of the next call.
    fn split_trailing_lead_surrogate(self) -> (Self, Option<u16>);

    /// Copies the longest prefix that is ASCII and fits in `dst` as bytes; returns its
    /// length. Bytes of `dst` past it may be overwritten.
    fn copy_ascii(self, dst: &mut [u8]) -> usize;

    /// The input as its form's text: how a family chooses its kernel for a form.
    fn text(self) -> Text<'a>;
}

/// An input as its form's text ([`Input::text`]).
pub(crate) enum Text<'a> {
    /// A `&str`.
    Str(&'a str),
    /// UTF-16 code units.
    Utf16(&'a [u16]),
}

/// Reads an input's code points in order.
pub(crate) trait Cursor<'a>: Clone {
    /// The input form.
    type Input: Input<'a>;

    /// What is left to read.
    fn rest(&self) -> Self::Input;

    /// The first unread code unit, widened, if any.
    fn first_unit(&self) -> Option<u32>;

    /// Whether the second unread code unit is ASCII.
    fn second_is_ascii(&self) -> bool;

    /// Reads the next code point.
    fn next_char(&mut self) -> Option<char>;

    /// Reads the next code point if `f` maps it to something, and answers that; reads
    /// nothing otherwise. `f` must answer `None` outside the BMP: UTF-16 input then reads
    /// one code unit, never a surrogate pair.
    #[inline(always)]
    fn next_bmp_mapped<T>(&mut self, f: impl FnOnce(char) -> Option<T>) -> Option<T> {
        let mut next = self.clone();
        let t = f(next.next_char()?)?;
        *self = next;
        Some(t)
    }

    /// Skips `n` code units, which end at a character boundary.
    fn skip(&mut self, n: usize);
}

impl<'a> Input<'a> for &'a str {
    type Cursor = core::str::Chars<'a>;

    #[inline(always)]
    fn len(self) -> usize {
        str::len(self)
    }

    #[inline(always)]
    fn from(self, at: usize) -> Self {
        self.get(at..).unwrap_or_default()
    }

    #[inline(always)]
    fn cursor(self) -> Self::Cursor {
        self.chars()
    }

    #[inline(always)]
    fn first_utf16_unit(self) -> Option<u16> {
        None
    }

    #[inline(always)]
    fn split_trailing_lead_surrogate(self) -> (Self, Option<u16>) {
        (self, None)
    }

    #[inline(always)]
    fn copy_ascii(self, dst: &mut [u8]) -> usize {
        crate::kernels::ascii::copy_ascii_overwriting(
            self.as_bytes(),
            crate::kernels::uninit::as_uninit(dst),
        )
    }

    #[inline(always)]
    fn text(self) -> Text<'a> {
        Text::Str(self)
    }
}

impl<'a> Cursor<'a> for core::str::Chars<'a> {
    type Input = &'a str;

    #[inline(always)]
    fn rest(&self) -> &'a str {
        self.as_str()
    }

    #[inline(always)]
    fn first_unit(&self) -> Option<u32> {
        self.as_str().as_bytes().first().map(|&b| b as u32)
    }

    #[inline(always)]
    fn second_is_ascii(&self) -> bool {
        self.as_str().as_bytes().get(1).is_some_and(u8::is_ascii)
    }

    #[inline(always)]
    fn next_char(&mut self) -> Option<char> {
        self.next()
    }

    #[inline(always)]
    fn skip(&mut self, n: usize) {
        *self = self.as_str().from(n).chars();
    }
}

/// UTF-16 input, which may hold unpaired surrogates.
impl<'a> Input<'a> for &'a [u16] {
    type Cursor = Utf16Cursor<'a>;

    #[inline(always)]
    fn len(self) -> usize {
        <[u16]>::len(self)
    }

    #[inline(always)]
    fn from(self, at: usize) -> Self {
        self.get(at..).unwrap_or_default()
    }

    #[inline(always)]
    fn cursor(self) -> Self::Cursor {
        Utf16Cursor { rest: self }
    }

    #[inline(always)]
    fn first_utf16_unit(self) -> Option<u16> {
        self.first().copied()
    }

    #[inline(always)]
    fn split_trailing_lead_surrogate(self) -> (Self, Option<u16>) {
        match self.split_last() {
            Some((&last, body)) if is_lead(last) => (body, Some(last)),
            _ => (self, None),
        }
    }

    #[inline]
    fn copy_ascii(self, dst: &mut [u8]) -> usize {
        // The first few units one at a time: the runs between CJK words are short, and the
        // kernel's setup costs more than they do.
        const SHORT: usize = 8;
        let mut copied = 0;
        for (d, &u) in dst.iter_mut().zip(self).take(SHORT) {
            if u >= 0x80 {
                return copied;
            }
            // Below 0x80, so the cast loses nothing.
            *d = u as u8;
            copied += 1;
        }
        if copied < SHORT {
            return copied;
        }
        copied
            + crate::kernels::basic_latin::copy_basic_latin(
                self.get(SHORT..).unwrap_or_default(),
                dst.get_mut(SHORT..).unwrap_or_default(),
            )
    }

    #[inline(always)]
    fn text(self) -> Text<'a> {
        Text::Utf16(self)
    }
}

/// A cursor over UTF-16 code units.
#[derive(Clone)]
pub(crate) struct Utf16Cursor<'a> {
    rest: &'a [u16],
}

fn is_lead(unit: u16) -> bool {
    (0xD800..=0xDBFF).contains(&unit)
}

fn is_trail(unit: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&unit)
}

/// The scalar value of a lead and a trail surrogate.
#[inline(always)]
pub(crate) fn pair(lead: u16, trail: u16) -> char {
    let c = 0x10000 + ((lead as u32 - 0xD800) << 10) + (trail as u32 - 0xDC00);
    char::from_u32(c).unwrap_or('\u{FFFD}')
}

/// The lead surrogate `lead`, held from the previous call, followed by `next`: the scalar
/// value they make and how many units of `next` it takes (one, a trail completing the pair;
/// none, an unpaired lead read as U+FFFD).
#[inline]
pub(crate) fn after_held_lead(lead: u16, next: Option<u16>) -> (char, usize) {
    match next {
        Some(trail) if is_trail(trail) => (pair(lead, trail), 1),
        _ => ('\u{FFFD}', 0),
    }
}

impl<'a> Cursor<'a> for Utf16Cursor<'a> {
    type Input = &'a [u16];

    #[inline(always)]
    fn rest(&self) -> &'a [u16] {
        self.rest
    }

    #[inline(always)]
    fn first_unit(&self) -> Option<u32> {
        self.rest.first().map(|&u| u as u32)
    }

    #[inline(always)]
    fn second_is_ascii(&self) -> bool {
        self.rest.get(1).is_some_and(|&u| u < 0x80)
    }

    #[inline(always)]
    fn next_char(&mut self) -> Option<char> {
        let (&first, rest) = self.rest.split_first()?;
        self.rest = rest;
        if !(0xD800..=0xDFFF).contains(&first) {
            // Not a surrogate: a scalar value.
            return Some(char::from_u32(first as u32).unwrap_or('\u{FFFD}'));
        }
        if is_lead(first) {
            if let Some((&second, rest)) = self.rest.split_first() {
                if is_trail(second) {
                    self.rest = rest;
                    return Some(pair(first, second));
                }
            }
        }
        Some('\u{FFFD}')
    }

    /// One unit, which `from_u32` tells from a surrogate: reading a code point would test
    /// for one twice.
    #[inline(always)]
    fn next_bmp_mapped<T>(&mut self, f: impl FnOnce(char) -> Option<T>) -> Option<T> {
        let (&first, rest) = self.rest.split_first()?;
        let t = f(char::from_u32(first as u32)?)?;
        self.rest = rest;
        Some(t)
    }

    #[inline(always)]
    fn skip(&mut self, n: usize) {
        self.rest = self.rest.get(n..).unwrap_or_default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars<'a, I: Input<'a>>(input: I) -> Vec<char> {
        let mut cursor = input.cursor();
        core::iter::from_fn(|| cursor.next_char()).collect()
    }

    /// A code point `f` maps is read, one it does not is left; UTF-16 reads one unit, so a
    /// surrogate (paired or not) is left too.
    #[test]
    fn next_bmp_mapped_reads_only_what_it_maps() {
        let bmp = |c: char| (c <= '\u{FFFF}').then_some(c);
        fn check<'a, I: Input<'a>>(input: I) {
            let bmp = |c: char| (c <= '\u{FFFF}').then_some(c);
            let kana = |c: char| ('\u{3041}'..'\u{3097}').contains(&c).then_some(c);
            let mut cursor = input.cursor();
            assert_eq!(cursor.next_bmp_mapped(kana), Some('あ'));
            assert_eq!(cursor.next_bmp_mapped(kana), None);
            assert_eq!(cursor.next_char(), Some('x'));
            assert_eq!(cursor.next_bmp_mapped(bmp), None);
            assert_eq!(cursor.next_char(), Some('\u{1F600}'));
            assert_eq!(cursor.next_bmp_mapped(kana), Some('ん'));
            assert_eq!(cursor.next_bmp_mapped(kana), None);
        }
        check("あx\u{1F600}ん");
        check(&"あx\u{1F600}ん".encode_utf16().collect::<Vec<_>>()[..]);
        let lone = [0xD800u16, 0x3042];
        let mut cursor = (&lone[..]).cursor();
        assert_eq!(cursor.next_bmp_mapped(bmp), None);
        assert_eq!(cursor.next_char(), Some('\u{FFFD}'));
        assert_eq!(cursor.next_bmp_mapped(bmp), Some('あ'));
    }

    #[test]
    fn utf16_reads_pairs_and_unpaired_surrogates_as_replacement() {
        let units = [0x61, 0xD83D, 0xDE00, 0xDE00, 0xD83D, 0x62, 0xD83D];
        assert_eq!(
            chars(&units[..]),
            ['a', '\u{1F600}', '\u{FFFD}', '\u{FFFD}', 'b', '\u{FFFD}']
        );
        assert_eq!(chars("a\u{1F600}"), ['a', '\u{1F600}']);
    }

    #[test]
    fn a_trailing_lead_surrogate_is_set_aside() {
        let units = [0x61, 0xD83D];
        assert_eq!(
            (&units[..]).split_trailing_lead_surrogate(),
            (&units[..1], Some(0xD83D))
        );
        let units = [0x61, 0xDE00];
        assert_eq!(
            (&units[..]).split_trailing_lead_surrogate(),
            (&units[..], None)
        );
        assert_eq!(after_held_lead(0xD83D, Some(0xDE00)), ('\u{1F600}', 1));
        assert_eq!(after_held_lead(0xD83D, Some(0x61)), ('\u{FFFD}', 0));
        assert_eq!(after_held_lead(0xD83D, None), ('\u{FFFD}', 0));
    }

    /// The ASCII copy of UTF-16 input stops at the first unit at or above 0x80 and where
    /// `dst` ends, whether that is among the first units (copied one at a time) or past
    /// them (the kernel's), and writes the units it counts as their bytes.
    #[test]
    fn utf16_ascii_copy_stops_at_the_first_unit_not_ascii_or_the_end_of_dst() {
        for len in 0..40 {
            for stop in [0x80u16, 0xFF, 0xAC00, 0xD800] {
                let mut units: Vec<u16> = (0..len).map(|i| (i * 7 % 128) as u16).collect();
                units.push(stop);
                units.extend([0x41; 5]);
                for room in [0, 1, 7, 8, 9, 17, len, len + 1, 64] {
                    let mut dst = vec![0xEEu8; room];
                    let copied = (&units[..]).copy_ascii(&mut dst);
                    assert_eq!(
                        copied,
                        len.min(room),
                        "{len} units before {stop:#X}, {room} bytes"
                    );
                    let expected: Vec<u8> = units[..copied].iter().map(|&u| u as u8).collect();
                    assert_eq!(dst[..copied], expected[..]);
                }
            }
        }
    }
}
