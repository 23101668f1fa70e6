//! Section 6's one-shot calls on a whole input, as encoding_rs's `Encoding` has them:
//! `decode` (with BOM sniffing), `decode_with_bom_removal`, `decode_without_bom_handling`
//! (with or without replacement) and `encode`. Each borrows its input when the input is
//! already the output.

use alloc::borrow::{Cow, ToOwned};
use alloc::string::String;
use alloc::vec::Vec;

#[cfg(any(
    feature = "utf-16be",
    feature = "utf-16le",
    feature = "_single-byte-non-latin"
))]
use super::spare::append_uninit;
use super::spare::{fill_spare_capacity_vec, fill_spare_window, SPARE_WINDOW};
use crate::encoding::Encoding;
use crate::encodings::{Ascii, VariantDecoder, VariantEncoder};
use crate::forms::output::Utf8;
#[cfg(any(feature = "utf-16be", feature = "utf-16le"))]
use crate::handler::DecodeHandler;
use crate::results::{DecoderResult, EncoderResult};
use crate::run::{numeric_character_reference_text, DecodeState, EncodeState, ErrorMode};
use crate::statics::UTF_8;

impl Encoding {
    /// Section 6, "decode": sniffs for a byte order mark, which wins over `self`; decodes
    /// with errors replaced by U+FFFD. Returns the text, the encoding used, and whether there
    /// were errors. Borrows when the bytes are already the text.
    pub fn decode<'a>(&'static self, bytes: &'a [u8]) -> (Cow<'a, str>, &'static Encoding, bool) {
        let (encoding, rest) = match Encoding::for_bom(bytes) {
            Some((encoding, len)) => (encoding, &bytes[len..]),
            None => (self, bytes),
        };
        let (text, had_errors) = encoding.decode_without_bom_handling(rest);
        (text, encoding, had_errors)
    }

    /// Decodes after removing this encoding's own byte order mark, if present.
    pub fn decode_with_bom_removal<'a>(&'static self, bytes: &'a [u8]) -> (Cow<'a, str>, bool) {
        let rest = match Encoding::for_bom(bytes) {
            Some((encoding, len)) if encoding == self => &bytes[len..],
            _ => bytes,
        };
        self.decode_without_bom_handling(rest)
    }

    /// Section 6, "decode without BOM": decodes with errors replaced by U+FFFD; returns the
    /// text and whether there were errors.
    pub fn decode_without_bom_handling<'a>(&'static self, bytes: &'a [u8]) -> (Cow<'a, str>, bool) {
        if let Some(text) = self.decode_borrowed(bytes) {
            return (Cow::Borrowed(text), false);
        }
        // The replace mode has no error to stop at, so there is always a text.
        let (text, had_errors) = self
            .decode_to_owned(bytes, ErrorMode::Replace)
            .unwrap_or_default();
        (Cow::Owned(text), had_errors)
    }

    /// Section 6, "decode without BOM or fail": the text, or None at the first error.
    pub fn decode_without_bom_handling_and_without_replacement<'a>(
        &'static self,
        bytes: &'a [u8],
    ) -> Option<Cow<'a, str>> {
        if let Some(text) = self.decode_borrowed(bytes) {
            return Some(Cow::Borrowed(text));
        }
        let (text, _) = self.decode_to_owned(bytes, ErrorMode::Fatal)?;
        Some(Cow::Owned(text))
    }

    /// Decodes all of `bytes` with a fresh handler and no byte order mark handling (which the
    /// callers have done), into a new string, and whether there were errors; None at the
    /// first error in the fatal mode.
    fn decode_to_owned(&'static self, bytes: &[u8], mode: ErrorMode) -> Option<(String, bool)> {
        let mut handler = match self.variant.new_decoder() {
            // Section 14.1.1: the replacement decoder's first byte is an error and its
            // second, if any, finishes the stream: any input but the empty one (which
            // `decode_borrowed` has taken) is one U+FFFD. Done here so that a program that
            // only decodes in one shot carries no replacement decode loop.
            VariantDecoder::Replacement(_) => {
                return match mode {
                    ErrorMode::Fatal => None,
                    ErrorMode::Replace => Some(("\u{FFFD}".to_owned(), true)),
                };
            }
            // One-shot UTF-8 decoding is the standard library's: `String::from_utf8_lossy`
            // replaces each maximal subpart of an ill-formed sequence with U+FFFD, which is
            // what section 8.1.1's decoder does, and nearly every program already contains
            // it, where the handler would add its own copy of the decode loop. The streaming
            // `Decoder` uses the handler; the differential tests hold both to encoding_rs.
            VariantDecoder::Utf8(_) => {
                let text = String::from_utf8_lossy(bytes);
                let had_errors = matches!(text, Cow::Owned(_));
                return match mode {
                    ErrorMode::Fatal if had_errors => None,
                    _ => Some((text.into_owned(), had_errors)),
                };
            }
            // Unreachable when no legacy encoding is compiled in.
            #[allow(unreachable_patterns)]
            handler => handler,
        };
        // UTF-16's two bytes make at most three of UTF-8 (an odd byte at the end, a U+FFFD),
        // so that the legacy guess of two for one would zero a third more than it can use.
        #[cfg(any(feature = "utf-16be", feature = "utf-16le"))]
        let capacity = match handler {
            VariantDecoder::Utf16(_) => bytes.len().saturating_add(bytes.len() / 2 + 3),
            _ => initial_capacity(bytes.len()),
        };
        #[cfg(not(any(feature = "utf-16be", feature = "utf-16le")))]
        let capacity = initial_capacity(bytes.len());
        let mut state = DecodeState::new();
        let mut out = String::with_capacity(capacity);
        let mut read = 0;
        let mut had_errors = false;
        loop {
            // A window of the spare capacity at a time: each is zeroed before the decoder
            // writes into it, and zeroing all of a capacity sized for the worst case cost
            // more than decoding mostly ASCII text.
            #[allow(unused_mut)]
            let mut window = SPARE_WINDOW;
            // UTF-16 and the single-byte encodings go first straight into the spare
            // capacity, nothing zeroed: the kernel takes all but what stops it (an unpaired
            // surrogate, an odd byte at the end, an unmapped byte, the end of the capacity),
            // which the decode loop takes in a window no longer than the rest can fill (a
            // byte makes at most three bytes, and any step at most eight, so that each
            // window takes at least one).
            #[allow(unused_variables)]
            let rest = bytes.get(read..).unwrap_or_default();
            match &handler {
                #[cfg(any(feature = "utf-16be", feature = "utf-16le"))]
                VariantDecoder::Utf16(utf16) => {
                    if state.is_empty() && utf16.between_sequences() {
                        read += append_uninit(&mut out, &|spare| utf16.to_utf8(rest, spare));
                    }
                    window = SPARE_WINDOW.min((bytes.len() - read) * 3 + 16);
                }
                // Only with a script's table (see `kernels::byte_map::decode::TABLED`):
                // a program that decodes windows-1252 alone keeps to the smaller path.
                #[cfg(feature = "_single-byte-non-latin")]
                VariantDecoder::SingleByte(single_byte) => {
                    if state.is_empty() {
                        read += append_uninit(&mut out, &|spare| single_byte.to_utf8(rest, spare));
                    }
                    window = SPARE_WINDOW.min((bytes.len() - read) * 3 + 16);
                }
                _ => {}
            }
            let (result, r, replaced) = fill_spare_window(&mut out, Some(window), |spare| {
                let rest = bytes.get(read..).unwrap_or_default();
                // UTF-8's and replacement's handlers were taken apart above (their arm is
                // never reached); matching them again here lets the compiler leave their
                // decode loops out of this call.
                let (result, r, w, replaced) = match handler {
                    VariantDecoder::Utf8(_) | VariantDecoder::Replacement(_) => {
                        (DecoderResult::Malformed(0, 0), 0, 0, false)
                    }
                    #[allow(unreachable_patterns)]
                    _ => handler.decode::<Utf8>(&mut state, rest, spare, true, mode),
                };
                ((result, r, replaced), w)
            });
            read += r;
            had_errors |= replaced;
            match result {
                DecoderResult::InputEmpty => return Some((out, had_errors)),
                // The next window, in the capacity left; more capacity only once a window
                // takes nothing (the capacity left is too small for the next character), so
                // that an output longer than one window is not moved for its last window.
                DecoderResult::OutputFull if r == 0 => out.reserve(SPARE_WINDOW),
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(_, _) => return None,
            }
        }
    }

    /// `bytes` as text, if decoding would give back the same bytes with no errors.
    fn decode_borrowed<'a>(&'static self, bytes: &'a [u8]) -> Option<&'a str> {
        if self == UTF_8 {
            return crate::kernels::utf8::valid::as_str(bytes);
        }
        if self.decodes_ascii_as_itself(bytes) {
            // ASCII is valid UTF-8.
            return crate::kernels::utf8::valid::as_str(bytes);
        }
        None
    }

    /// Whether every byte of `bytes` is ASCII that this encoding maps to itself (and, as
    /// code points, encodes to itself).
    fn decodes_ascii_as_itself(&'static self, bytes: &[u8]) -> bool {
        match self.variant.ascii() {
            Ascii::Itself => crate::kernels::ascii::is_ascii(bytes),
            #[cfg(feature = "iso-2022-jp")]
            Ascii::ItselfButEscapes => bytes
                .iter()
                .all(|&b| b.is_ascii() && !matches!(b, 0x0E | 0x0F | 0x1B)),
            Ascii::Other => bytes.is_empty(),
        }
    }

    /// Section 6, "encode", in the html error mode: unmappable code points become decimal
    /// numeric character references. Returns the bytes, the output encoding, and whether any
    /// code point was unmappable. Borrows when the string is already the bytes.
    pub fn encode<'a>(&'static self, string: &'a str) -> (Cow<'a, [u8]>, &'static Encoding, bool) {
        let mut handler = match self.variant.new_encoder() {
            // UTF-8's encoder (section 8.1.2) gives back its input; so does the output
            // encoding of the encodings without an encoder (section 4.3), UTF-8. Matching
            // the handler here, rather than comparing encodings, also lets the compiler drop
            // the UTF-8 encoder's loop from a program that only encodes this way.
            Some(VariantEncoder::Utf8(_)) | None => {
                return (Cow::Borrowed(string.as_bytes()), UTF_8, false)
            }
            // Unreachable when no legacy encoding is compiled in.
            #[allow(unreachable_patterns)]
            Some(handler) => handler,
        };
        if self.decodes_ascii_as_itself(string.as_bytes()) {
            return (Cow::Borrowed(string.as_bytes()), self, false);
        }
        // Enough unless numeric character references, escape sequences or gb18030's
        // four-byte sequences make the bytes longer than the UTF-8; the loop grows it then.
        // Every byte of it is zeroed before the encode loop writes, so a generous guess
        // costs; a single-byte encoder, where the build has its kernel, writes straight into
        // it instead, with no zeroing first.
        let mut out = Vec::with_capacity(string.len() + 16);
        let mut read = 0;
        let mut had_unmappables = false;
        while let Some((taken, unmappable)) =
            handler.append_encoded(string.get(read..).unwrap_or_default(), &mut out)
        {
            read += taken;
            let Some(c) = string.get(read..).and_then(|rest| rest.chars().next()) else {
                return (Cow::Owned(out), self, had_unmappables);
            };
            if unmappable {
                // Section 4.3's html error mode: the reference's ASCII, which encodes as
                // itself.
                out.extend_from_slice(numeric_character_reference_text(c).as_slice());
                had_unmappables = true;
                read += c.len_utf8();
            } else {
                // Every character with a byte has one; a reference is ten at most.
                out.reserve(string.len() - read + 16);
            }
        }
        let mut state = EncodeState::new();
        loop {
            let (result, r, replaced) = fill_spare_capacity_vec(&mut out, |spare| {
                let rest = string.get(read..).unwrap_or_default();
                // UTF-8's handler was taken apart above (see `decode_to_owned`).
                let (result, r, w, replaced) = match handler {
                    VariantEncoder::Utf8(_) => (EncoderResult::InputEmpty, 0, 0, false),
                    #[allow(unreachable_patterns)]
                    _ => handler.encode(&mut state, rest, spare, true, ErrorMode::Replace),
                };
                ((result, r, replaced), w)
            });
            read += r;
            had_unmappables |= replaced;
            match result {
                EncoderResult::OutputFull => out.reserve(out.capacity().max(16)),
                _ => return (Cow::Owned(out), self, had_unmappables),
            }
        }
    }
}

/// The output buffer for a one-shot decode: enough for any input up to a few kilobytes (a
/// byte becomes at most three bytes of UTF-8), and for longer inputs a guess that suits text
/// mostly in two-byte UTF-8 (the decode loop grows it if the guess is short).
fn initial_capacity(len: usize) -> usize {
    if len <= 4096 {
        len * 3 + 3
    } else {
        len.saturating_mul(2).saturating_add(16)
    }
}

#[cfg(test)]
mod tests {
    use crate::Encoding;

    /// One-shot UTF-16 decodes, which write straight into the string's spare capacity up to
    /// what stops the kernel: valid text of one-, two-, three- and four-byte characters
    /// longer than a window, with an unpaired surrogate, a reversed pair or an odd byte put
    /// at places around the blocks' and windows' edges and at the end, in both byte orders,
    /// as encoding_rs decodes them, with and without replacement.
    #[test]
    fn utf16_decodes_from_spare_capacity_like_encoding_rs() {
        let text: String = "Mars é Марс 火星 𝄞 ab"
            .chars()
            .cycle()
            .take(70_000)
            .collect();
        let units: Vec<u16> = text.encode_utf16().collect();
        let errors: [&[u16]; 3] = [&[0xD800], &[0xDC00], &[0xDC00, 0xD800]];
        for (label, big_endian) in [("UTF-16LE", false), ("UTF-16BE", true)] {
            let Some(ours) = Encoding::for_label(label.as_bytes()) else {
                continue;
            };
            let theirs = encoding_rs::Encoding::for_label(label.as_bytes()).expect(label);
            let to_bytes = |units: &[u16]| -> Vec<u8> {
                units
                    .iter()
                    .flat_map(|&u| {
                        if big_endian {
                            u.to_be_bytes()
                        } else {
                            u.to_le_bytes()
                        }
                    })
                    .collect()
            };
            let mut inputs = vec![to_bytes(&units)];
            for at in [
                0,
                1,
                15,
                16,
                17,
                31,
                33,
                21_845,
                43_690,
                69_999,
                units.len(),
            ] {
                for error in errors {
                    let mut with_error = units.clone();
                    with_error.splice(at..at, error.iter().copied());
                    inputs.push(to_bytes(&with_error));
                }
            }
            let mut odd = to_bytes(&units);
            odd.push(0x41);
            inputs.push(odd);
            inputs.push(to_bytes(&[0xD800]));
            inputs.push(vec![0x41]);
            for input in &inputs {
                let (text, had_errors) = ours.decode_without_bom_handling(input);
                let (expected, their_errors) = theirs.decode_without_bom_handling(input);
                assert!(text == expected, "{label}, {} bytes", input.len());
                assert_eq!(had_errors, their_errors, "{label}");
                let fatal = ours.decode_without_bom_handling_and_without_replacement(input);
                let their_fatal = theirs.decode_without_bom_handling_and_without_replacement(input);
                assert_eq!(fatal.as_deref(), their_fatal.as_deref(), "{label}");
            }
        }
    }

    /// One-shot decodes whose output spans several windows of the string's capacity (and
    /// outgrows the first guess), as encoding_rs decodes them, with and without
    /// replacement: every byte value amid ASCII runs of every length up to a window's.
    #[test]
    fn long_inputs_decode_across_windows_like_encoding_rs() {
        let mut bytes = Vec::new();
        let mut i = 0usize;
        while bytes.len() < 300_000 {
            bytes.extend(core::iter::repeat_n(b'a' + (i % 26) as u8, i * 37 % 70_000));
            bytes.extend_from_slice(&[(i % 256) as u8, (i * 7 % 256) as u8, 0xE9, 0x82]);
            i += 1;
        }
        let all_mapped: Vec<u8> = bytes.iter().map(|&b| b & 0x7F | 0x40).collect();
        // No ASCII: three bytes of UTF-8 for each in x-user-defined, and for most in
        // windows-1251 and Shift_JIS, past the first guess of two.
        let high: Vec<u8> = (0..200_000).map(|i| 0x80 | (i * 13 % 128) as u8).collect();
        for label in [
            "windows-1252",
            "windows-1251",
            "x-user-defined",
            "UTF-16LE",
            "Shift_JIS",
            "UTF-8",
        ] {
            // Builds with fewer encodings (the feature matrix) test those they have;
            // UTF-8 is always there.
            let Some(ours) = Encoding::for_label(label.as_bytes()) else {
                continue;
            };
            let theirs = encoding_rs::Encoding::for_label(label.as_bytes()).expect(label);
            for input in [&bytes[..], &all_mapped[..], &high[..]] {
                let (text, had_errors) = ours.decode_without_bom_handling(input);
                let (expected, their_errors) = theirs.decode_without_bom_handling(input);
                assert!(text == expected, "{label}");
                assert_eq!(had_errors, their_errors, "{label}");
                let fatal = ours.decode_without_bom_handling_and_without_replacement(input);
                let their_fatal = theirs.decode_without_bom_handling_and_without_replacement(input);
                assert_eq!(fatal.as_deref(), their_fatal.as_deref(), "{label}");
            }
        }
    }
}
