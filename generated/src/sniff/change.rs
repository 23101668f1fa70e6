//! HTML Standard, section 13.2.3.4, "changing the encoding while parsing": what a parser does
//! when, with a tentative confidence, it meets a `<meta>` that declares an encoding.

use super::bytes::{is_utf_16, utf_16_to_utf_8, x_user_defined_to_windows_1252};
use crate::encoding::Encoding;
use crate::results::CoderResult;

/// What the parser is to do, as [`change_the_encoding`] decides. In every case the
/// confidence becomes certain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodingChange {
    /// Go on with the encoding in use (steps 1 and 4: it is UTF-16BE/LE, or the new encoding
    /// is the same).
    Keep,
    /// Step 5: every byte converted so far means the same in the new encoding: change the
    /// decoder to this encoding on the fly (a parser that cannot treats this as `Reparse`).
    ChangeInPlace(&'static Encoding),
    /// Step 6: restart the navigation with this encoding (re-parsing the bytes from memory
    /// where possible), skipping the sniffing.
    Reparse(&'static Encoding),
}

/// HTML Standard, 13.2.3.4, "changing the encoding while parsing": the parser is decoding
/// with `current`, has converted the bytes `converted` (from the start of the stream, the
/// byte order mark excluded), and found a `<meta>` declaring `new`.
///
/// ```
/// # #[cfg(all(feature = "windows-1252", feature = "windows-1251", feature = "utf-16le"))]
/// # fn main() {
/// use whatwg_encoding::sniff::{change_the_encoding, EncodingChange};
/// use whatwg_encoding::{UTF_16LE, UTF_8, WINDOWS_1251, WINDOWS_1252};
///
/// // Only ASCII so far: switching to windows-1251 changes nothing already decoded.
/// let head = b"<html><head><meta charset=windows-1251>";
/// assert_eq!(change_the_encoding(WINDOWS_1252, WINDOWS_1251, head), EncodingChange::ChangeInPlace(WINDOWS_1251));
/// // An "é" already decoded as windows-1252 would be "й" in windows-1251: start again.
/// let head = b"<title>caf\xE9</title><meta charset=windows-1251>";
/// assert_eq!(change_the_encoding(WINDOWS_1252, WINDOWS_1251, head), EncodingChange::Reparse(WINDOWS_1251));
/// // A declared UTF-16 is UTF-8 (the bytes so far were ASCII-compatible).
/// assert_eq!(change_the_encoding(UTF_8, UTF_16LE, head), EncodingChange::Keep);
/// # }
/// # #[cfg(not(all(feature = "windows-1252", feature = "windows-1251", feature = "utf-16le")))]
/// # fn main() {}
/// ```
pub fn change_the_encoding(
    current: &'static Encoding,
    new: &'static Encoding,
    converted: &[u8],
) -> EncodingChange {
    // 1. If the encoding that is already being used to interpret the input stream is
    //    UTF-16BE/LE, then set the confidence to certain and return. The new encoding is
    //    ignored; if it was anything but the same encoding, then it would be clearly
    //    incorrect.
    if is_utf_16(current) {
        return EncodingChange::Keep;
    }
    // 2. If the new encoding is UTF-16BE/LE, then change it to UTF-8.
    let new = utf_16_to_utf_8(new);
    // 3. If the new encoding is x-user-defined, then change it to windows-1252. (A build
    //    without windows-1252 does not support the result: nothing changes.)
    let Some(new) = x_user_defined_to_windows_1252(new) else {
        return EncodingChange::Keep;
    };
    // 4. If the new encoding is identical or equivalent to the encoding that is already being
    //    used to interpret the input stream, then set the confidence to certain and return.
    if new == current {
        return EncodingChange::Keep;
    }
    // 5. If all the bytes up to the last byte converted by the current decoder have the same
    //    Unicode interpretations in both the current encoding and the new encoding, and if
    //    the user agent supports changing the converter on the fly, then the user agent may
    //    change to the new converter for the encoding on the fly. Set the document's
    //    character encoding and the encoding used to convert the input stream to the new
    //    encoding, set the confidence to certain, and return.
    if same_interpretation(current, new, converted) {
        return EncodingChange::ChangeInPlace(new);
    }
    // 6. Otherwise, restart the navigate algorithm, with historyHandling set to "replace"
    //    and other inputs kept the same, but this time skip the encoding sniffing algorithm
    //    and instead just set the encoding to the new encoding and the confidence to certain.
    EncodingChange::Reparse(new)
}

/// Whether `bytes` decode to the same text in `a` and in `b` (malformed sequences being
/// U+FFFD in both), compared a buffer at a time so that no allocator is needed.
fn same_interpretation(a: &'static Encoding, b: &'static Encoding, bytes: &[u8]) -> bool {
    /// Room for a decoder's output per call: whole characters, at least four bytes.
    const ROOM: usize = 256;
    struct Side {
        decoder: crate::Decoder,
        read: usize,
        out: [u8; ROOM],
        len: usize,
        done: bool,
    }
    impl Side {
        fn fill(&mut self, bytes: &[u8]) {
            if self.done || self.len > ROOM / 2 {
                return;
            }
            let (result, read, written, _) =
                self.decoder
                    .decode_to_utf8(&bytes[self.read..], &mut self.out[self.len..], true);
            self.read += read;
            self.len += written;
            self.done = result == CoderResult::InputEmpty;
        }
    }
    let side = |encoding: &'static Encoding| Side {
        decoder: encoding.new_decoder_without_bom_handling(),
        read: 0,
        out: [0; ROOM],
        len: 0,
        done: false,
    };
    let (mut a, mut b) = (side(a), side(b));
    loop {
        a.fill(bytes);
        b.fill(bytes);
        let common = a.len.min(b.len);
        if a.out[..common] != b.out[..common] {
            return false;
        }
        a.out.copy_within(common..a.len, 0);
        b.out.copy_within(common..b.len, 0);
        a.len -= common;
        b.len -= common;
        if a.done && b.done {
            return a.len == 0 && b.len == 0;
        }
        if (a.done && a.len == 0 && b.len > 0) || (b.done && b.len == 0 && a.len > 0) {
            // One has ended and the other still has text: they differ in length.
            return false;
        }
    }
}
