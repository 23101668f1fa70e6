//! Finding given bytes, a register of sixteen at a time: the first byte equal to a needle
//! ([`find`]) or to one of a few ([`find_any`]), and the first byte followed by a given ASCII
//! letter of either case ([`find_pair`]), whose spans of sixty-four bytes are tested at once
//! (text has few of the first byte). What the HTML prescan searches for: the `<` that ends
//! a span of text, the quote or `>` that ends a value or a comment, the `<m` or `<M` that
//! could start a `<meta`. On the baseline: the prescan's searches are short (its window is
//! 1024 bytes); the search for the last `<meta` of a whole page ([`last_pair_where`]) runs
//! on the implementation the kernels use.

use crate::kernels::dispatch::{dispatched, Baseline};
use crate::kernels::isa::{Isa, Mask, Vector};

/// Sixteen bytes.
type V = <Baseline as Isa>::V;

/// The index of the first byte at or after `from` that is `needle`, or None.
#[inline(always)]
pub(crate) fn find(bytes: &[u8], from: usize, needle: u8) -> Option<usize> {
    let rest = bytes.get(from..)?;
    let mut at = 0;
    while let Some(block) = rest.get(at..at + 16).and_then(|r| r.first_chunk::<16>()) {
        let mask = V::load(block).eq(V::splat(needle)).movemask();
        if mask != 0 {
            return Some(from + at + mask.trailing_zeros() as usize);
        }
        at += 16;
    }
    // The last bytes, in a block padded with a byte that is not `needle`.
    let mut block = [!needle; 16];
    for (b, &t) in block.iter_mut().zip(rest.get(at..).unwrap_or_default()) {
        *b = t;
    }
    let i = V::load(&block).eq(V::splat(needle)).first_set()?;
    Some(from + at + i)
}

/// Each byte of `block` that is one of `needles`, in its high bit.
#[inline(always)]
fn any<const N: usize>(block: &[u8; 16], needles: [u8; N]) -> V {
    let v = V::load(block);
    let found = needles.map(|needle| v.eq(V::splat(needle)));
    found.into_iter().reduce(V::or).unwrap_or(V::splat(0))
}

/// The index of the first byte at or after `from` that is one of `needles`, or None: the
/// next `>`, quote or `=` of a tag for the HTML prescan. Sixteen bytes at a time, the last
/// sixteen of `bytes` for the last bytes (their bits before `from` dropped), a byte at a
/// time only when `bytes` are shorter than a block.
#[inline(always)]
pub(crate) fn find_any<const N: usize>(
    bytes: &[u8],
    from: usize,
    needles: [u8; N],
) -> Option<usize> {
    let mut at = from;
    while let Some(block) = bytes.get(at..at + 16).and_then(|r| r.first_chunk::<16>()) {
        let mask = any(block, needles).movemask();
        if mask != 0 {
            return Some(at + mask.trailing_zeros() as usize);
        }
        at += 16;
    }
    match bytes.len().checked_sub(16) {
        Some(last) if at < bytes.len() => {
            let mask = bytes.last_chunk().map_or(0, |b| any(b, needles).movemask()) >> (at - last);
            (mask != 0).then(|| at + mask.trailing_zeros() as usize)
        }
        Some(_) => None,
        None => Some(at + bytes.get(at..)?.iter().position(|b| needles.contains(b))?),
    }
}

/// A bit for each of the first sixteen bytes of `block` that is `first` followed by `second`
/// in either case.
#[inline(always)]
fn pair<I: Isa>(block: &[u8; 17], first: u8, second: u8) -> Mask {
    type V<I> = <I as Isa>::V;
    let (Some(here), Some(next)) = (block.first_chunk(), block.last_chunk()) else {
        return 0;
    };
    let here = V::<I>::load(here).eq(V::<I>::splat(first));
    let next = V::<I>::load(next)
        .or(V::<I>::splat(0x20))
        .eq(V::<I>::splat(second));
    here.and(next).movemask()
}

/// The index of the first `first` at or after `from` that is followed by `second` (an ASCII
/// letter in lower case) or its upper case, or None.
#[inline]
pub(crate) fn find_pair(bytes: &[u8], from: usize, first: u8, second: u8) -> Option<usize> {
    find_pair_on(Baseline, bytes, from, first, second)
}

dispatched! {
    /// The last index in `bytes` where `first` is followed by `second` (an ASCII letter in
    /// lower case) or its upper case and `accept` takes the bytes from there on, or None:
    /// [`find_pair`] over a whole page, on the implementation the kernels use.
    pub(crate) fn last_pair_where(
        bytes: &[u8],
        first: u8,
        second: u8,
        accept: impl Fn(&[u8]) -> bool,
    ) -> Option<usize> = last_pair_where_on on avx2;
}

/// [`last_pair_where`] on `isa`.
#[inline(always)]
fn last_pair_where_on<I: Isa>(
    isa: I,
    bytes: &[u8],
    first: u8,
    second: u8,
    accept: impl Fn(&[u8]) -> bool,
) -> Option<usize> {
    let mut last = None;
    let mut at = 0;
    while let Some(found) = find_pair_on(isa, bytes, at, first, second) {
        if accept(bytes.get(found..).unwrap_or_default()) {
            last = Some(found);
        }
        at = found + 2;
    }
    last
}

/// [`find_pair`] on `isa`.
#[inline(always)]
fn find_pair_on<I: Isa>(_: I, bytes: &[u8], from: usize, first: u8, second: u8) -> Option<usize> {
    type X<I> = <I as Isa>::X;
    let rest = bytes.get(from..)?;
    let mut at = 0;
    // Four blocks at a time, with the byte after them (which the last pair needs); text
    // has few `first`, so a span without one is passed over after one test.
    while let Some(span) = rest.get(at..at + 65) {
        let (Some(here), Some(next)) = (span.first_chunk::<64>(), span.last_chunk::<64>()) else {
            break;
        };
        let here = X::<I>::load(here).eq(X::<I>::splat(first));
        if !here.is_ascii() {
            let next = X::<I>::load(next)
                .or(X::<I>::splat(0x20))
                .eq(X::<I>::splat(second));
            let mask = here.and(next).movemask();
            if mask != 0 {
                return Some(from + at + mask.trailing_zeros() as usize);
            }
        }
        at += 64;
    }
    while let Some(block) = rest.get(at..at + 17).and_then(|b| b.first_chunk()) {
        let mask = pair::<I>(block, first, second);
        if mask != 0 {
            return Some(from + at + mask.trailing_zeros() as usize);
        }
        at += 16;
    }
    let mut block = [0; 17];
    for (b, &t) in block.iter_mut().zip(rest.get(at..).unwrap_or_default()) {
        *b = t;
    }
    let mask = pair::<I>(&block, first, second);
    (mask != 0).then(|| from + at + mask.trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::dispatch::every_isa;
    use crate::kernels::tests::harness::{check_prefix, check_scan, with_stop_everywhere};

    /// The three searches against byte-at-a-time references: every needle position in text
    /// of bytes that differ from it in one bit, every start.
    #[test]
    fn searches_find_every_position() {
        for needle in [b'<', b'>', b'"', b'\'', 0x00, 0xFF, 0x80] {
            let texts = with_stop_everywhere(200, |i| needle ^ (1 << (i % 8)), needle);
            let scan = |src: &[u8]| find(src, 0, needle).unwrap_or(src.len());
            check_prefix(&texts, |b| b != needle, scan);
        }
        let needles = *b">=\"'";
        let mut stops = vec![0x00, 0x20, 0x7F, 0x80, 0xFF];
        stops.extend(needles.iter().flat_map(|&n| [n - 1, n, n + 1]));
        for stop in stops {
            let texts = with_stop_everywhere(150, |i| b"aZ-\\.<~ /"[i % 9], stop);
            let scan = |src: &[u8]| find_any(src, 0, needles).unwrap_or(src.len());
            check_prefix(&texts, |b| !needles.contains(&b), scan);
        }
        for second in [b'M', b'm'] {
            let mut texts =
                with_stop_everywhere(200, |i| [b'x', b'<', b'n', b'-', b'm'][i % 5], b'<');
            for text in &mut texts {
                if let Some(at) = text.iter().rposition(|&b| b == b'<') {
                    if let Some(next) = text.get_mut(at + 1) {
                        *next = second;
                    }
                }
            }
            let reference = |src: &[u8]| {
                src.windows(2)
                    .position(|w| w[0] == b'<' && w[1] | 0x20 == b'm')
                    .unwrap_or(src.len())
            };
            every_isa!(|isa| check_scan(&texts, reference, |src| {
                find_pair_on(isa, src, 0, b'<', b'm').unwrap_or(src.len())
            }));
        }
    }

    /// The last pair that `accept` takes, against a reference, on every implementation: the
    /// pairs at every place of a text longer than the wide spans, one of them refused.
    #[test]
    fn the_last_pair_taken() {
        let mut text = vec![b'.'; 300];
        for at in (3..290).step_by(37) {
            text[at] = b'<';
            text[at + 1] = if at % 2 == 0 { b'm' } else { b'M' };
            text[at + 2] = if at == 188 { b'x' } else { b'e' };
        }
        let accept = |rest: &[u8]| rest.get(2) == Some(&b'e');
        for end in 0..=text.len() {
            let bytes = &text[..end];
            let expected = (0..end.saturating_sub(1))
                .rev()
                .find(|&i| bytes[i] == b'<' && bytes[i + 1] | 0x20 == b'm' && accept(&bytes[i..]));
            every_isa!(|isa| assert_eq!(
                last_pair_where_on(isa, bytes, b'<', b'm', accept),
                expected,
                "end {end}"
            ));
        }
        assert_eq!(last_pair_where(&text, b'<', b'm', accept), Some(262));
    }

    #[test]
    fn searches_see_every_position_at_every_start() {
        for len in 0..=150 {
            let plain = vec![b'a'; len];
            for from in 0..=len + 1 {
                assert_eq!(find(&plain, from, b'<'), None);
                assert_eq!(find_pair(&plain, from, b'<', b'm'), None);
            }
            for at in 0..len {
                let mut bytes = plain.clone();
                bytes[at] = b'<';
                for from in 0..=len {
                    let expected = (from <= at).then_some(at);
                    assert_eq!(find(&bytes, from, b'<'), expected, "len {len} at {at}");
                    assert_eq!(find_any(&bytes, from, *b"<>"), expected);
                    // `<` is followed by `a`, then by `M`.
                    every_isa!(|isa| {
                        assert_eq!(find_pair_on(isa, &bytes, from, b'<', b'm'), None);
                        if at + 1 < len {
                            let mut with_m = bytes.clone();
                            with_m[at + 1] = b'M';
                            let found = find_pair_on(isa, &with_m, from, b'<', b'm');
                            assert_eq!(found, expected);
                        }
                    });
                }
            }
        }
    }
}
