//! Writing UTF-8 into the bytes of an existing `&mut str`, for `Decoder::decode_to_str` and
//! `mem`'s conversions into a `str`: the one place that borrows a `str`'s bytes.
//!
//! A `str` must hold UTF-8 again once its bytes are given back, and at every moment anyone
//! could look, an unwinding panic included; there is no safe way to store bytes into it.

/// Clears every byte on drop: leaves the `str` valid (all NUL) should the writer panic
/// while its bytes are borrowed.
struct ClearOnUnwind<'a> {
    bytes: &'a mut [u8],
}

impl Drop for ClearOnUnwind<'_> {
    fn drop(&mut self) {
        self.bytes.fill(0);
    }
}

/// Runs `write` over the bytes of `dst`; `write` returns its result and how many bytes it
/// wrote. Then keeps `dst` a `str`: clears (sets to zero) the `clear` bytes after the
/// written ones, then any continuation bytes that follow them, which belonged to a
/// character of the old contents whose start was overwritten. Should `write` panic, every
/// byte of `dst` is cleared before the panic leaves. Returns `write`'s result.
///
/// # Safety
///
/// `write` must leave whole UTF-8 sequences in the bytes before the count it returns, and
/// change no byte `clear` or more bytes past that count.
pub(crate) unsafe fn write_into_str<T>(
    dst: &mut str,
    clear: usize,
    write: impl FnOnce(&mut [u8]) -> (T, usize),
) -> T {
    // SAFETY: `as_bytes_mut` requires `dst` to hold UTF-8 again when the borrow ends. By
    // this function's contract, after `write` the bytes before `written` are UTF-8 and
    // those from `written + clear` on are the old `str`'s; these may begin inside a
    // character whose start was overwritten. The bytes in between are cleared, and then
    // that character's continuation bytes; the first byte after them that is not a
    // continuation byte starts a character of the old `str`, so what follows it is UTF-8,
    // and zeros are UTF-8. Should `write` or anything here panic, the guard clears every
    // byte, leaving NULs. Reached by every `decode_to_str` (spec-tests' streaming and
    // differential tests) and `mem` conversion into a `str` (spec-tests/tests/mem.rs, into
    // `str`s of every length, checking the whole `str` after each call), and by this
    // file's tests, which panic in `write`; debug builds also check the result below.
    let bytes = unsafe { dst.as_bytes_mut() };
    let guard = ClearOnUnwind { bytes };
    let (result, written) = write(guard.bytes);
    let after = guard.bytes.get_mut(written..).unwrap_or_default();
    let (cleared, rest) = after.split_at_mut(clear.min(after.len()));
    cleared.fill(0);
    for b in rest.iter_mut().take_while(|b| **b & 0xC0 == 0x80) {
        *b = 0;
    }
    debug_assert!(core::str::from_utf8(guard.bytes).is_ok());
    // Done: the bytes are UTF-8, and must not be cleared.
    core::mem::forget(guard);
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::string::String;

    /// A writer that leaves half a character behind and panics: the `str` comes back all NUL,
    /// still a `str`.
    #[test]
    fn a_panic_in_the_writer_leaves_nuls() {
        let mut text = String::from("aé€😀z");
        let dst = text.as_mut_str();
        let unwound = catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: the writer panics before returning, so its count is never used.
            unsafe {
                write_into_str(dst, 0, |bytes| -> ((), usize) {
                    bytes[0] = 0xF0;
                    panic!("the writer failed");
                })
            }
        }));
        assert!(unwound.is_err());
        assert_eq!(text.as_bytes(), [0; 11]);
    }

    /// After the written bytes: `clear` bytes cleared, then the continuation bytes of a
    /// character whose lead was overwritten; the rest as it was.
    #[test]
    fn the_tail_of_an_overwritten_character_is_cleared() {
        // "€" is E2 82 AC, "😀" F0 9F 98 80.
        for (clear, want) in [
            (0, &b"xy\0\0\xF0\x9F\x98\x80z"[..]),
            (2, b"xy\0\0\xF0\x9F\x98\x80z"),
            (3, b"xy\0\0\0\0\0\0z"),
            (7, b"xy\0\0\0\0\0\0\0"),
            (100, b"xy\0\0\0\0\0\0\0"),
        ] {
            let mut text = String::from("a€😀z");
            // SAFETY: the writer writes "xy", two whole sequences, and counts them.
            let result = unsafe {
                write_into_str(text.as_mut_str(), clear, |bytes| {
                    bytes[..2].copy_from_slice(b"xy");
                    ("done", 2)
                })
            };
            assert_eq!((result, text.as_bytes()), ("done", want), "clear {clear}");
        }
    }
}
