//! Finding given bytes, sixteen at a time: the first byte equal to a needle ([`find`]), and
//! the first byte followed by a given ASCII letter of either case ([`find_pair`]), whose runs
//! of sixty-four bytes are tested at once (text has few of the first byte). What the HTML
//! prescan searches for: the `<` that ends a run of text, the quote or `>` that ends a value
//! or a comment, the `<m` or `<M` that could start a `<meta`.

use crate::kernels::block::{Bytes, Isa};
use crate::kernels::Baseline;

/// Bytes per mask.
const BLOCK: usize = 16;

/// Bytes per test of [`find_pair`]'s long runs: four masks joined, one test.
const RUN: usize = 4 * BLOCK;

/// The index of the first byte at or after `from` that is `needle`, or None.
#[inline(always)]
pub(crate) fn find(bytes: &[u8], from: usize, needle: u8) -> Option<usize> {
    find_on::<Baseline>(bytes, from, needle)
}

/// The index of the first `first` at or after `from` that is followed by `second` (an ASCII
/// letter in lower case) or its upper case, or None.
#[inline]
pub(crate) fn find_pair(bytes: &[u8], from: usize, first: u8, second: u8) -> Option<usize> {
    find_pair_on::<Baseline>(bytes, from, first, second)
}

/// The index of the first byte at or after `from` that is one of `needles`, or None: the
/// next `>`, quote or `=` of a tag for the HTML prescan.
#[inline(always)]
pub(crate) fn find_any<const N: usize>(
    bytes: &[u8],
    from: usize,
    needles: [u8; N],
) -> Option<usize> {
    find_any_on::<Baseline, N>(bytes, from, needles)
}

/// A bit for each byte of `block` that is `needle`.
#[inline(always)]
fn equal<I: Isa>(block: &[u8; BLOCK], needle: u8) -> u64 {
    I::Bytes16::load(block).eq(needle).high_bits()
}

/// A bit for each of the first sixteen bytes of `block` that is `first` followed by `second`
/// in either case.
#[inline(always)]
fn pair<I: Isa>(block: &[u8; BLOCK + 1], first: u8, second: u8) -> u64 {
    let (Some(here), Some(next)) = (block.first_chunk::<BLOCK>(), block.last_chunk::<BLOCK>())
    else {
        return 0;
    };
    let here = I::Bytes16::load(here).eq(first);
    let next = I::Bytes16::load(next).or_byte(0x20).eq(second);
    here.and(next).high_bits()
}

/// Whether any byte of `run` is `needle`.
#[inline(always)]
fn contains<I: Isa>(run: &[u8; RUN], needle: u8) -> bool {
    !I::Bytes64::load(run).eq(needle).is_ascii()
}

/// [`find`] on `I`.
#[inline(always)]
fn find_on<I: Isa>(bytes: &[u8], from: usize, needle: u8) -> Option<usize> {
    let rest = bytes.get(from..)?;
    let mut at = 0;
    while let Some(block) = rest.get(at..at + BLOCK) {
        let mask = block
            .try_into()
            .map_or(0, |block| equal::<I>(block, needle));
        if mask != 0 {
            return Some(from + at + mask.trailing_zeros() as usize);
        }
        at += BLOCK;
    }
    // The last bytes, in a block padded with a byte that is not `needle`.
    let tail = rest.get(at..).unwrap_or_default();
    let mut block = [!needle; BLOCK];
    for (b, &t) in block.iter_mut().zip(tail) {
        *b = t;
    }
    let mask = equal::<I>(&block, needle);
    (mask != 0).then(|| from + at + mask.trailing_zeros() as usize)
}

/// A bit for each byte of `block` that is one of `needles`.
#[inline(always)]
fn any<I: Isa, const N: usize>(block: &[u8; BLOCK], needles: [u8; N]) -> u64 {
    let block = I::Bytes16::load(block);
    let found = needles
        .iter()
        .fold(None, |found: Option<I::Bytes16>, &needle| {
            let equal = block.eq(needle);
            Some(found.map_or(equal, |found| found.or(equal)))
        });
    found.map_or(0, I::Bytes16::high_bits)
}

/// [`find_any`] on `I`: sixteen bytes at a time, the last sixteen of `bytes` for the last
/// bytes (their bits before `from` dropped), a byte at a time only when `bytes` are shorter
/// than a block.
#[inline(always)]
fn find_any_on<I: Isa, const N: usize>(
    bytes: &[u8],
    from: usize,
    needles: [u8; N],
) -> Option<usize> {
    let mut at = from;
    while let Some(block) = bytes.get(at..at + BLOCK) {
        let mask = block
            .try_into()
            .map_or(0, |block| any::<I, N>(block, needles));
        if mask != 0 {
            return Some(at + mask.trailing_zeros() as usize);
        }
        at += BLOCK;
    }
    match bytes.len().checked_sub(BLOCK) {
        Some(last) if at < bytes.len() => {
            let mask = bytes
                .last_chunk::<BLOCK>()
                .map_or(0, |block| any::<I, N>(block, needles))
                >> (at - last);
            (mask != 0).then(|| at + mask.trailing_zeros() as usize)
        }
        Some(_) => None,
        None => Some(at + bytes.get(at..)?.iter().position(|b| needles.contains(b))?),
    }
}

/// [`find_pair`] on `I`.
#[inline(always)]
fn find_pair_on<I: Isa>(bytes: &[u8], from: usize, first: u8, second: u8) -> Option<usize> {
    let rest = bytes.get(from..)?;
    let mut at = 0;
    // Four blocks at a time, each with the byte after it (which its last pair needs); text
    // has few `first`, so a run without one is passed over after one test.
    while let Some(run) = rest.get(at..at + RUN + 1) {
        let has_first = run
            .first_chunk::<RUN>()
            .is_none_or(|run| contains::<I>(run, first));
        if !has_first {
            at += RUN;
            continue;
        }
        let mask = |i: usize| {
            run.get(i * BLOCK..i * BLOCK + BLOCK + 1)
                .and_then(|block| block.try_into().ok())
                .map_or(0, |block| pair::<I>(block, first, second))
        };
        let run_mask = mask(0) | mask(1) << BLOCK | mask(2) << (2 * BLOCK) | mask(3) << (3 * BLOCK);
        if run_mask != 0 {
            return Some(from + at + run_mask.trailing_zeros() as usize);
        }
        at += RUN;
    }
    while let Some(block) = rest.get(at..at + BLOCK + 1) {
        let mask = block
            .try_into()
            .map_or(0, |block| pair::<I>(block, first, second));
        if mask != 0 {
            return Some(from + at + mask.trailing_zeros() as usize);
        }
        at += BLOCK;
    }
    let tail = rest.get(at..).unwrap_or_default();
    let mut block = [0; BLOCK + 1];
    for (b, &t) in block.iter_mut().zip(tail) {
        *b = t;
    }
    let mask = pair::<I>(&block, first, second);
    (mask != 0).then(|| from + at + mask.trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::tests::harness::{check_scan, with_stop_everywhere};

    /// Both searches on every implementation, against byte-at-a-time references: every
    /// needle position in text of bytes that differ from it in one bit, every start.
    #[test]
    fn searches_on_every_implementation() {
        fn check<I: Isa>(_: I) {
            for needle in [b'<', b'>', b'"', b'\'', 0x00, 0xFF, 0x80] {
                let texts = with_stop_everywhere(200, |i| needle ^ (1 << (i % 8)), needle);
                let reference =
                    |src: &[u8]| src.iter().position(|&b| b == needle).unwrap_or(src.len());
                check_scan(&texts, reference, |src| {
                    find_on::<I>(src, 0, needle).unwrap_or(src.len())
                });
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
                check_scan(&texts, reference, |src| {
                    find_pair_on::<I>(src, 0, b'<', b'm').unwrap_or(src.len())
                });
            }
        }
        every_isa!(|isa| check(isa));
    }

    /// [`find_any`] on every implementation against a byte-at-a-time reference: each
    /// needle and bytes next to them at every position, every start and length.
    #[test]
    fn find_any_on_every_implementation() {
        fn check<I: Isa>(_: I) {
            let needles = *b">=\"'";
            let reference = |src: &[u8]| {
                src.iter()
                    .position(|b| needles.contains(b))
                    .unwrap_or(src.len())
            };
            let mut stops = vec![0x00, 0x20, 0x7F, 0x80, 0xFF];
            stops.extend(needles.iter().flat_map(|&n| [n - 1, n, n + 1]));
            for stop in stops {
                let texts = with_stop_everywhere(150, |i| b"aZ-\\.<~ /"[i % 9], stop);
                check_scan(&texts, reference, |src| {
                    find_any_on::<I, 4>(src, 0, needles).unwrap_or(src.len())
                });
            }
            for len in 0..=40 {
                assert_eq!(find_any_on::<I, 4>(&vec![b'a'; len], 0, needles), None);
                for at in 0..len {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = b'=';
                    for from in 0..=len + 1 {
                        let expected = (from <= at).then_some(at);
                        let found = find_any_on::<I, 4>(&bytes, from, needles);
                        assert_eq!(found, expected, "len {len} at {at} from {from}");
                    }
                }
            }
        }
        every_isa!(|isa| check(isa));
    }

    #[test]
    fn find_sees_every_position_at_every_start() {
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
                    // `<` is followed by `a`, then by `M`.
                    assert_eq!(find_pair(&bytes, from, b'<', b'm'), None);
                    if at + 1 < len {
                        let mut with_m = bytes.clone();
                        with_m[at + 1] = b'M';
                        assert_eq!(find_pair(&with_m, from, b'<', b'm'), expected);
                    }
                }
            }
        }
    }
}
