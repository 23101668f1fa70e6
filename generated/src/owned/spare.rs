//! Writing into the spare capacity of a `Vec` or `String`: the streaming `*_to_vec` and
//! `*_to_string` calls, and the one-shot calls, decode and encode in place rather than into
//! a buffer they then copy.

use alloc::string::String;
use alloc::vec::Vec;

/// The most of a string's spare capacity one decode call (or one step of a one-shot decode)
/// writes into. The spare capacity is zeroed before a decoder writes into it, and zeroing
/// all of it (a string sized by `max_utf8_buffer_length` is three times the input) cost
/// more than the decoding of ASCII text; a window at a time, only what is written is
/// zeroed, just before it is written.
pub(crate) const SPARE_WINDOW: usize = 64 * 1024;

/// Lets `fill` write into the spare capacity of `dst` and appends the first `written` bytes,
/// where `fill` returns (its result, `written`).
pub(crate) fn fill_spare_capacity_vec<R>(
    dst: &mut Vec<u8>,
    fill: impl FnOnce(&mut [u8]) -> (R, usize),
) -> R {
    fill_spare_window_vec(dst, None, fill)
}

/// As [`fill_spare_capacity_vec`], with at most `window` bytes of the spare capacity: only
/// those are zeroed before `fill` writes (safe code cannot write into uninitialised bytes).
fn fill_spare_window_vec<R>(
    dst: &mut Vec<u8>,
    window: Option<usize>,
    fill: impl FnOnce(&mut [u8]) -> (R, usize),
) -> R {
    let old_len = dst.len();
    let room = dst.capacity() - old_len;
    dst.resize(old_len + window.map_or(room, |window| window.min(room)), 0);
    let spare = dst.get_mut(old_len..).unwrap_or_default();
    let spare_len = spare.len();
    let (result, written) = fill(spare);
    dst.truncate(old_len + written.min(spare_len));
    result
}

/// Lets `fill` write UTF-8 into the spare capacity of `dst` (all of it, or at most `window`
/// bytes of it, as [`fill_spare_window_vec`] has it) and appends the first `written` bytes,
/// where `fill` returns (its result, `written`). Decoding straight into the string rather
/// than into a buffer and then copying is what makes a one-shot decode as fast as
/// encoding_rs's.
pub(crate) fn fill_spare_window<R>(
    dst: &mut String,
    window: Option<usize>,
    fill: impl FnOnce(&mut [u8]) -> (R, usize),
) -> R {
    // The string's bytes are taken out for the duration, so that it is never seen holding
    // anything but UTF-8 (were `fill` to panic, it would be left empty).
    let mut bytes = core::mem::take(dst).into_bytes();
    let old_len = bytes.len();
    let result = fill_spare_window_vec(&mut bytes, window, fill);
    debug_assert!(core::str::from_utf8(&bytes[old_len..]).is_ok());
    // SAFETY: `bytes[..old_len]` was a String, and every decoder writes only whole UTF-8
    // sequences and counts only those in `written` (the "Only whole UTF-8 sequences"
    // section of `forms::output::Utf8`'s documentation); bytes past `written`, which the
    // kernels may have overwritten, are truncated away. Exercised by every decode test:
    // spec-tests' differential and property tests decode through here, and debug builds
    // check the claim above.
    *dst = unsafe { String::from_utf8_unchecked(bytes) };
    result
}

/// What [`append_uninit`] calls: writes UTF-8 into bytes not yet written and returns (bytes
/// read, bytes written). Called through a reference, so that the program has one copy of
/// `append_uninit` for every kernel.
#[cfg(any(
    feature = "utf-16be",
    feature = "utf-16le",
    feature = "_single-byte-non-latin"
))]
pub(crate) type UninitFill<'a> = dyn Fn(&mut [core::mem::MaybeUninit<u8>]) -> (usize, usize) + 'a;

/// Lets `fill` write UTF-8 into the spare capacity of `dst` as it is, nothing zeroed first,
/// and appends the first `written` bytes, where `fill` returns (bytes it read, `written`):
/// for a kernel that writes whole UTF-8 sequences into bytes not yet written
/// ([`crate::kernels::uninit`]) and counts only what it wrote.
#[cfg(any(
    feature = "utf-16be",
    feature = "utf-16le",
    feature = "_single-byte-non-latin"
))]
#[inline(never)]
pub(crate) fn append_uninit(dst: &mut String, fill: &UninitFill<'_>) -> usize {
    // Taken out for the duration, as in `fill_spare_window`.
    let mut bytes = core::mem::take(dst).into_bytes();
    let old_len = bytes.len();
    let spare = bytes.spare_capacity_mut();
    let spare_len = spare.len();
    let (read, written) = fill(spare);
    // SAFETY: `fill` wrote the first `written` elements of the spare capacity (at most all
    // of it), each with a byte: the kernels write only bytes into bytes not yet written,
    // and count only what they wrote (`Utf16Decoder::to_utf8`, `SingleByteDecoder::to_utf8`,
    // the only callers). Reached by every one-shot decode of UTF-16 and of a single-byte
    // encoding (spec-tests' differential and property tests, and `one_shot.rs`'s tests).
    unsafe { bytes.set_len(old_len + written.min(spare_len)) };
    debug_assert!(core::str::from_utf8(&bytes[old_len..]).is_ok());
    // SAFETY: `bytes[..old_len]` was a String, and what was appended is whole UTF-8
    // sequences, as in `fill_spare_window` (the kernels' contract, checked in debug builds).
    *dst = unsafe { String::from_utf8_unchecked(bytes) };
    read
}
