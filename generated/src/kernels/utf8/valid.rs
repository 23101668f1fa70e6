//! How far bytes are valid UTF-8: simdutf8's check where it has the vector instructions,
//! core's in the smallest programs, and elsewhere a portable check a block at a time.

use crate::kernels::ascii::long_ascii_up_to;
#[cfg(all(feature = "std", kernels_x86_64))]
use crate::kernels::dispatch::has_avx2;
use crate::kernels::dispatch::Baseline;

/// The length of the longest prefix of `bytes` that is valid UTF-8: the index of the first
/// sequence that is invalid or cut off by the end of `bytes`, or `bytes.len()`.
///
/// On x86-64, simdutf8's AVX2 check with `std` where the processor has AVX2, else core's
/// (which nearly every program carries); simdutf8's on aarch64 and wasm32 with simd128;
/// elsewhere (and in the portable build) [`portable_utf8_valid_up_to`].
#[inline]
pub(crate) fn utf8_valid_up_to(bytes: &[u8]) -> usize {
    #[cfg(all(feature = "std", kernels_x86_64))]
    {
        if !has_avx2() {
            return core_valid_up_to(bytes);
        }
        // A short input (a stream's chunk) would pay more for the sampling than it saves.
        if bytes.len() < by_density::SHORT {
            return by_density::compat(bytes);
        }
        by_density::valid_up_to(bytes)
    }
    #[cfg(all(not(feature = "std"), kernels_x86_64))]
    {
        core_valid_up_to(bytes)
    }
    #[cfg(kernels_simdutf8_simd)]
    {
        match simdutf8::compat::from_utf8(bytes) {
            Ok(_) => bytes.len(),
            Err(e) => e.valid_up_to(),
        }
    }
    #[cfg(not(any(kernels_x86_64, kernels_simdutf8_simd)))]
    {
        portable_utf8_valid_up_to(bytes)
    }
}

#[inline]
fn core_valid_up_to(bytes: &[u8]) -> usize {
    match core::str::from_utf8(bytes) {
        Ok(_) => bytes.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// The start of the last character of `bytes` (the last of its last four bytes that is not
/// a continuation byte), or its length where there is none.
#[inline(always)]
fn last_start(bytes: &[u8]) -> usize {
    (bytes.len().saturating_sub(4)..bytes.len())
        .rev()
        .find(|&i| bytes.get(i).is_some_and(|b| b & 0xC0 != 0x80))
        .unwrap_or(bytes.len())
}

/// The longest prefix of `bytes` that is valid UTF-8, as [`utf8_valid_up_to`] finds it.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn valid_prefix(bytes: &[u8]) -> &str {
    let text = bytes.get(..utf8_valid_up_to(bytes)).unwrap_or_default();
    // SAFETY: `utf8_valid_up_to` found these bytes to be UTF-8 (tested against core's).
    unsafe { core::str::from_utf8_unchecked(text) }
}

/// `bytes` as a `str`, if it is UTF-8, through the same validator as [`utf8_valid_up_to`].
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn as_str(bytes: &[u8]) -> Option<&str> {
    #[cfg(any(feature = "std", not(kernels_x86_64)))]
    {
        let valid = utf8_valid_up_to(bytes);
        let text = bytes.get(..valid)?;
        // SAFETY: `utf8_valid_up_to` found these bytes to be UTF-8 (tested against core's).
        (valid == bytes.len()).then(|| unsafe { core::str::from_utf8_unchecked(text) })
    }
    #[cfg(all(not(feature = "std"), kernels_x86_64))]
    {
        core::str::from_utf8(bytes).ok()
    }
}

/// The validation of `std` builds on x86-64 processors with AVX2: the ASCII prefix by the
/// long scan, the rest by simdutf8's AVX2 checks, the last character by core's (a buffer
/// cut inside a character would fail the block check and be checked again).
///
/// simdutf8's `basic` check is the faster where most blocks of 64 bytes are not ASCII,
/// `compat` (which drops back to an ASCII loop) on text that is mostly ASCII: blocks
/// sampled over a long input choose, `basic` where three in five are not ASCII.
#[cfg(all(feature = "std", kernels_x86_64))]
mod by_density {
    use crate::kernels::ascii::{has_non_ascii, long_ascii_up_to};
    use crate::kernels::dispatch::Baseline;

    /// Inputs shorter than this go to `compat` alone, inline.
    pub(super) const SHORT: usize = 1024;

    /// As [`super::utf8_valid_up_to`], for inputs of at least [`SHORT`] bytes.
    #[inline(never)]
    pub(super) fn valid_up_to(bytes: &[u8]) -> usize {
        let ascii = long_ascii_up_to(Baseline, bytes);
        if ascii == bytes.len() {
            return ascii;
        }
        // From the 64-byte boundary of memory before the first non-ASCII byte, so that
        // simdutf8's loads do not cross cache lines.
        let ascii = ascii.saturating_sub((bytes.as_ptr() as usize).wrapping_add(ascii) % 64);
        let rest = bytes.get(ascii..).unwrap_or_default();
        // A sequence the body's end cuts is invalid in `rest` too.
        let cut = super::last_start(rest);
        let (body, tail) = rest.split_at(cut);
        // SAFETY: `validate_utf8` needs AVX2, which `utf8_valid_up_to` found.
        let valid = if dense(body)
            && unsafe { simdutf8::basic::imp::x86::avx2::validate_utf8(body) }.is_ok()
        {
            body.len()
        } else {
            compat(body)
        };
        match valid == body.len() {
            true => ascii + cut + super::core_valid_up_to(tail),
            false => ascii + valid,
        }
    }

    /// Whether `bytes` is 16 KiB or more, and three in five of the blocks of 64 bytes spread
    /// evenly over it (one an 8 KiB, sixteen to sixty-four: fewer let a buffer's address
    /// sway the choice) are not all ASCII.
    #[inline(always)]
    fn dense(bytes: &[u8]) -> bool {
        if bytes.len() < 16 * 1024 {
            return false;
        }
        let sample = (bytes.len() / (8 * 1024)).clamp(16, 64);
        let step = bytes.len() / sample;
        let others = bytes
            .chunks_exact(step)
            .take(sample)
            .filter(|part| part.first_chunk::<64>().is_some_and(has_non_ascii))
            .count();
        5 * others >= 3 * sample
    }

    /// Inputs from this long to 64 bytes are checked padded to 64 ([`compat`]).
    const PADDED: usize = 16;

    /// simdutf8's `compat` check, for processors with AVX2. Inputs under [`PADDED`] bytes go
    /// to core's; those under 64 bytes are checked up to their last character as a block
    /// padded with spaces (a stream's short chunks end inside a character, and simdutf8
    /// hands a block with an error to core's check), the last character by core's.
    #[inline(always)]
    pub(super) fn compat(bytes: &[u8]) -> usize {
        if bytes.len() < PADDED {
            return super::core_valid_up_to(bytes);
        }
        if (PADDED..64).contains(&bytes.len()) {
            let cut = super::last_start(bytes);
            let (body, tail) = bytes.split_at(cut);
            let mut block = [b' '; 64];
            if let Some(head) = block.get_mut(..body.len()) {
                head.copy_from_slice(body);
            }
            return match avx2_compat(&block) {
                Ok(()) => cut + super::core_valid_up_to(tail),
                Err(e) => e.valid_up_to().min(cut),
            };
        }
        match avx2_compat(bytes) {
            Ok(()) => bytes.len(),
            Err(e) => e.valid_up_to(),
        }
    }

    /// simdutf8's `compat` check for AVX2, which the caller has found.
    #[inline(always)]
    fn avx2_compat(bytes: &[u8]) -> Result<(), simdutf8::compat::Utf8Error> {
        // SAFETY: `validate_utf8` needs AVX2, which `utf8_valid_up_to` found.
        unsafe { simdutf8::compat::imp::x86::avx2::validate_utf8(bytes) }
    }
}

/// [`utf8_valid_up_to`] in portable Rust: spans of ASCII skipped by the long scan, the rest
/// checked [`LANES`] bytes at a time ([`block_is_valid`]) until a block that is all ASCII;
/// core's check finds where a block with an error goes wrong, and takes the last bytes.
#[inline]
pub(crate) fn portable_utf8_valid_up_to(bytes: &[u8]) -> usize {
    let mut i = 0;
    let mut first = [0; BLOCK_AND_BEFORE];
    loop {
        i += long_ascii_up_to(Baseline, bytes.get(i..).unwrap_or_default());
        loop {
            let Some(window) = window_at(bytes, i, &mut first) else {
                return rest_valid_up_to(bytes, i);
            };
            let valid = if window.iter().fold(0, |max, &b| max.max(b)) >= 0xE0 {
                block_is_valid::<true>(window)
            } else {
                block_is_valid::<false>(window)
            };
            if !valid {
                return rest_valid_up_to(bytes, i);
            }
            i += LANES;
            if window.get(3..).unwrap_or_default().is_ascii() {
                break;
            }
        }
    }
}

/// The block of `bytes` at `i` and the three bytes before it (zeros before the input, in
/// `first`), if the block is whole.
#[inline(always)]
fn window_at<'a>(
    bytes: &'a [u8],
    i: usize,
    first: &'a mut [u8; BLOCK_AND_BEFORE],
) -> Option<&'a [u8; BLOCK_AND_BEFORE]> {
    if let Some(before) = i.checked_sub(3) {
        return bytes.get(before..)?.first_chunk::<BLOCK_AND_BEFORE>();
    }
    first
        .get_mut(3 - i..)?
        .copy_from_slice(bytes.get(..i + LANES)?);
    Some(first)
}

const LANES: usize = 32;

const BLOCK_AND_BEFORE: usize = LANES + 3;

/// Whether every byte of the block at the end of `window` is where UTF-8 (Encoding §8.1.1)
/// allows it after the three bytes before it, the same test in every lane so that it
/// vectorizes. Without `LONG` the window has no byte from 0xE0 up. A sequence the block's
/// end cuts is left to the next block or the caller.
#[inline(always)]
fn block_is_valid<const LONG: bool>(window: &[u8; BLOCK_AND_BEFORE]) -> bool {
    let mut errors = 0u8;
    for lane in 0..LANES {
        let [b3, b2, b1, b] = window
            .get(lane..lane + 4)
            .and_then(|w| <[u8; 4]>::try_from(w).ok())
            .unwrap_or_default();
        // As a signed byte, a continuation byte is -128 to -65.
        let continues = (b as i8) < -64;
        let error = if LONG {
            // Nonzero where a sequence started before reaches this byte.
            let must_continue =
                b1.saturating_sub(0xBF) | b2.saturating_sub(0xDF) | b3.saturating_sub(0xEF);
            let bad_byte = b & 0xFE == 0xC0 || b.saturating_sub(0xF4) != 0;
            let bad_second = (b1 == 0xE0 && b < 0xA0)
                || (b1 == 0xED && b > 0x9F)
                || (b1 == 0xF0 && b < 0x90)
                || (b1 == 0xF4 && b > 0x8F);
            ((must_continue != 0) != continues) | bad_byte | bad_second
        } else {
            ((b1 >= 0xC0) != continues) | (b & 0xFE == 0xC0)
        };
        errors |= u8::from(error);
    }
    errors == 0
}

/// The valid prefix of `bytes` given that every byte before `i` passed
/// [`block_is_valid`]: core's check from the start of the last character before `i`.
#[inline(never)]
fn rest_valid_up_to(bytes: &[u8], i: usize) -> usize {
    let start = last_start(bytes.get(..i).unwrap_or_default());
    start + core_valid_up_to(bytes.get(start..).unwrap_or_default())
}
