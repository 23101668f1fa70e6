//! How far bytes are valid UTF-8: simdutf8's check where `std` can pick it for the CPU
//! (x86-64) or the target has the vector instructions it needs (aarch64, wasm32 with
//! simd128), core's in the smallest programs, and a portable check elsewhere that tests
//! every byte of a block against the standard's rules at once.

use crate::kernels::ascii::long_ascii_up_to;
#[cfg(all(feature = "std", kernels_x86_64))]
use crate::kernels::dispatch::has_avx2;
use crate::kernels::dispatch::Baseline;

/// The length of the longest prefix of `bytes` that is valid UTF-8: the index of the first
/// sequence that is invalid or cut off by the end of `bytes`, or `bytes.len()`.
///
/// With `std` on x86-64, simdutf8's validator for AVX2 where the processor has it
/// ([`has_avx2`]), far faster on text outside ASCII than a check a character at a time;
/// on x86-64 otherwise (without `std`, or without AVX2), core's, which nearly every program
/// already carries; with `std` on aarch64 (NEON) and on wasm32 built with simd128,
/// simdutf8's validator for those instructions; elsewhere, and with the x86 paths compiled
/// out by `whatwg_encoding_portable` (which compiles these out too), the portable check of
/// [`portable_utf8_valid_up_to`], a block of bytes at a time. (simdutf8's own run-time
/// choice, and the portable check beside it, would add their code to every program with
/// `std`.)
#[inline]
pub(crate) fn utf8_valid_up_to(bytes: &[u8]) -> usize {
    #[cfg(all(feature = "std", kernels_x86_64))]
    {
        if !has_avx2() {
            return core_valid_up_to(bytes);
        }
        // Under a kilobyte (a streaming call's chunk): `compat` alone, inline, which is
        // what a short input's prefix and sampling would cost more than they could save.
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

/// [`utf8_valid_up_to`] by core's validator.
#[inline]
fn core_valid_up_to(bytes: &[u8]) -> usize {
    match core::str::from_utf8(bytes) {
        Ok(_) => bytes.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// The start of the last character of `bytes` (the last of its last four bytes that is not
/// a continuation byte), or its length where those four are all continuation bytes.
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
    // SAFETY: `utf8_valid_up_to` found these bytes to be UTF-8; the tests hold it to the
    // standard library's validator.
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
        // SAFETY: `utf8_valid_up_to` found the first `valid` bytes to be UTF-8; the tests
        // hold it to the standard library's validator.
        (valid == bytes.len()).then(|| unsafe { core::str::from_utf8_unchecked(text) })
    }
    #[cfg(all(not(feature = "std"), kernels_x86_64))]
    {
        core::str::from_utf8(bytes).ok()
    }
}

/// The validation of `std` builds on x86-64 processors with AVX2: the ASCII prefix by the
/// long scan ([`crate::kernels::ascii::long_ascii_up_to`]), the rest by simdutf8's AVX2
/// checks in the form that suits the text, with the last character apart.
///
/// simdutf8's `basic` check keeps its full check going once it has met a block of 64 bytes
/// that is not all ASCII, where its `compat` check (what encoding_rs calls) goes back to an
/// ASCII-only loop at the next ASCII block: `compat` is the faster on text that is mostly
/// ASCII (markup, English), `basic` where most blocks are not ASCII (text in a non-Latin
/// script, and Latin text with a diacritic every few words). In an input of at least
/// `SAMPLED` bytes, blocks spread over it decide (one for each `BYTES_PER_SAMPLE`, sixteen
/// to sixty-four of them; fewer let a buffer's address move a page from one side to the
/// other): at least three in five not all ASCII, `basic`, otherwise `compat`. Shorter
/// inputs (a stream's chunks) go to `compat` unsampled: the sample reads cache lines the
/// check has not reached yet, which costs a short input more than it saves.
///
/// Either check is given the input up to the start of its last character, and core's
/// check the rest: a buffer that ends inside a character (a chunk of a stream) would
/// otherwise fail the block check, and `compat` would check its last block again with
/// core's to find the error (`basic` would have the whole input checked again).
#[cfg(all(feature = "std", kernels_x86_64))]
mod by_density {
    use crate::kernels::ascii::{has_non_ascii, long_ascii_up_to};
    use crate::kernels::dispatch::Baseline;

    /// Blocks sampled, one at the start of each equal part of the input: one for each
    /// [`BYTES_PER_SAMPLE`], and at least [`MIN_SAMPLE`] and at most [`MAX_SAMPLE`].
    const MIN_SAMPLE: usize = 16;
    /// See [`MIN_SAMPLE`]: sixty-four blocks read 4 KiB of an input of at least 512 KiB,
    /// little beside what the check then reads.
    const MAX_SAMPLE: usize = 64;
    /// See [`MIN_SAMPLE`].
    const BYTES_PER_SAMPLE: usize = 8 * 1024;
    /// Inputs shorter than this go to `compat` unsampled.
    const SAMPLED: usize = 16 * 1024;
    /// Inputs shorter than this go to `compat` alone, inline ([`super::utf8_valid_up_to`]).
    pub(super) const SHORT: usize = 1024;

    /// As [`super::utf8_valid_up_to`], for inputs of at least [`SHORT`] bytes.
    #[inline(never)]
    pub(super) fn valid_up_to(bytes: &[u8]) -> usize {
        let ascii = long_ascii_up_to(Baseline, bytes);
        if ascii == bytes.len() {
            return ascii;
        }
        // simdutf8 from the 64-byte boundary of memory at or before the first non-ASCII
        // byte (any byte of an ASCII span starts a character), so that its 32-byte loads do
        // not cross cache lines.
        let ascii = ascii.saturating_sub((bytes.as_ptr() as usize).wrapping_add(ascii) % 64);
        let rest = bytes.get(ascii..).unwrap_or_default();
        // Up to the start of the last character, which is not a continuation byte, the
        // answer for the body is the answer for `rest` (a sequence cut off by the body's
        // end is invalid in `rest` too). Four continuation bytes at the end are an error
        // in the body, which is then all of `rest`.
        let cut = super::last_start(rest);
        let (body, tail) = rest.split_at(cut);
        // SAFETY: `validate_utf8` needs AVX2, which `utf8_valid_up_to` found (`has_avx2`)
        // before it called this function.
        let valid = if dense(body)
            && unsafe { simdutf8::basic::imp::x86::avx2::validate_utf8(body) }.is_ok()
        {
            body.len()
        } else {
            // Text that is not dense, or the position of the error `basic` found.
            compat(body)
        };
        match valid == body.len() {
            true => ascii + cut + super::core_valid_up_to(tail),
            false => ascii + valid,
        }
    }

    /// Whether `bytes` is long enough to sample, and most of the blocks of 64 bytes spread
    /// evenly over it, as simdutf8 reads them, are not all ASCII (an HTML page's first
    /// non-ASCII byte is often in its title, with markup after it whatever the script of
    /// its text).
    #[inline(always)]
    fn dense(bytes: &[u8]) -> bool {
        if bytes.len() < SAMPLED {
            return false;
        }
        let sample = (bytes.len() / BYTES_PER_SAMPLE).clamp(MIN_SAMPLE, MAX_SAMPLE);
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

    /// simdutf8's `compat` check, for processors with AVX2 ([`super::has_avx2`], which the
    /// caller has found). Inputs under [`PADDED`] bytes go to core's, a character at a
    /// time; those under 64 bytes are checked as a block of 64 bytes, padded with spaces,
    /// up to the start of their last character, which core's check takes (a stream in
    /// 64-byte chunks is mostly 61 to 63 bytes after the character the previous chunk cut,
    /// ending in a character the chunk cuts, and simdutf8 hands a block with an error to
    /// core's check to find it). The padding is valid and follows whole characters, so the
    /// block's answer is the body's.
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

    /// simdutf8's `compat` check for AVX2, which the caller has found ([`super::has_avx2`]).
    #[inline(always)]
    fn avx2_compat(bytes: &[u8]) -> Result<(), simdutf8::compat::Utf8Error> {
        // SAFETY: `validate_utf8` needs AVX2, which `utf8_valid_up_to` found (`has_avx2`)
        // before it called this module's functions.
        unsafe { simdutf8::compat::imp::x86::avx2::validate_utf8(bytes) }
    }
}

/// [`utf8_valid_up_to`] in portable Rust: spans of ASCII skipped a line of 64 bytes at a
/// time ([`long_ascii_up_to`]), the rest checked [`LANES`] bytes at a time
/// ([`block_is_valid`], in the simpler form where no byte of the block or the three before
/// it starts a sequence of three or four bytes) until a block that is all ASCII; core's
/// check finds where a block with an error goes wrong, and takes the last bytes, under a
/// block.
#[inline]
pub(crate) fn portable_utf8_valid_up_to(bytes: &[u8]) -> usize {
    let mut i = 0;
    // The first window, when its block starts under three bytes into the input.
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

/// The block of `bytes` at `i` and the three bytes before it, if the block is whole: in
/// `bytes`, or in `first`, with zeros (which are ASCII) before the input.
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

/// The bytes [`block_is_valid`] checks at once.
const LANES: usize = 32;

/// A block and the three bytes before it.
const BLOCK_AND_BEFORE: usize = LANES + 3;

/// Whether every byte of the block at the end of `window` is where UTF-8 allows it after
/// the bytes before it (the window's first three, then the block's own): each rule of the
/// standard's UTF-8 decoder (Encoding §8.1.1) a test of a byte and the three before it, the
/// same in every lane, which the compiler vectorizes where the target has vectors. A byte
/// must be a continuation byte (0x80 to 0xBF) exactly when the byte before it starts a
/// sequence of two or more bytes, the one two before a sequence of three or more, or the
/// one three before one of four; no byte is 0xC0, 0xC1 or above 0xF4; and the byte after
/// 0xE0, 0xED, 0xF0 or 0xF4 is in its narrower range. Without `LONG` the caller has found
/// no byte from 0xE0 up in the window, which leaves the rules of two-byte sequences. A
/// sequence the block's end cuts is not an error here: the next block's bytes, or the
/// caller's check of the input's end, decide it.
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
            // Nonzero where the sequence a byte before starts reaches this byte.
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
