//! [`Decoder`]: a streaming decoder (section 6's decode algorithms, one buffer at a time),
//! with the API of encoding_rs's UTF-8 side.

use crate::encoder::fill_spare_capacity_vec;
use crate::encoding::Encoding;
use crate::run::{DecodeState, ErrorMode};
use crate::variant::VariantDecoder;
use crate::{CoderResult, DecoderResult};

/// What a decoder does with a byte order mark at the start of the stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BomHandling {
    /// Section 6, "decode": a UTF-8, UTF-16BE or UTF-16LE mark switches to that encoding.
    Sniff,
    /// Remove the encoding's own mark, if any.
    Remove,
    /// Treat a mark as ordinary bytes.
    Off,
}

/// A streaming decoder to UTF-8. Feed it buffers with [`Decoder::decode_to_utf8`] (or the
/// `String` and without-replacement forms); the last call says `last = true`. However the
/// input is split, the output is that of the one-shot decode.
///
/// Only whole characters are written. When one does not fit, the decoder keeps it, reports
/// `OutputFull` and writes it first on the next call, so an output buffer of at least four
/// bytes always makes progress.
pub struct Decoder {
    encoding: &'static Encoding,
    variant: VariantDecoder,
    state: DecodeState,
    bom: BomHandling,
    /// Bytes held while deciding whether the stream starts with a byte order mark.
    bom_buf: [u8; 3],
    bom_len: u8,
    /// Of `bom_buf`, how many were passed on to the handler after the decision.
    bom_replayed: u8,
}

impl Decoder {
    pub(crate) fn new(encoding: &'static Encoding, bom: BomHandling) -> Decoder {
        Decoder {
            encoding,
            variant: encoding.variant.new_decoder(),
            state: DecodeState::new(),
            bom,
            bom_buf: [0; 3],
            bom_len: 0,
            bom_replayed: 0,
        }
    }

    /// The encoding this decoder decodes: after a byte order mark was sniffed, the mark's.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// The byte order marks this decoder looks for.
    fn boms(&self) -> impl Iterator<Item = (&'static [u8], &'static Encoding)> + '_ {
        let candidates: [Option<(&'static [u8], &'static Encoding)>; 3] = [
            Some((b"\xEF\xBB\xBF", crate::statics::UTF_8)),
            Encoding::for_bom(b"\xFE\xFF").map(|(e, _)| (&b"\xFE\xFF"[..], e)),
            Encoding::for_bom(b"\xFF\xFE").map(|(e, _)| (&b"\xFF\xFE"[..], e)),
        ];
        let bom = self.bom;
        let own = self.encoding;
        candidates.into_iter().flatten().filter(move |(_, e)| {
            bom == BomHandling::Sniff || (bom == BomHandling::Remove && *e == own)
        })
    }

    /// Bytes held for the byte order mark decision that the handler has not yet seen.
    fn bom_held(&self) -> usize {
        (self.bom_len - self.bom_replayed) as usize
    }

    /// An upper bound on the UTF-8 that decoding `byte_length` more bytes can produce,
    /// including what this decoder holds; None on overflow. With a buffer this long,
    /// [`Decoder::decode_to_utf8`] never reports `OutputFull`.
    pub fn max_utf8_buffer_length(&self, byte_length: usize) -> Option<usize> {
        // Every byte becomes at most three bytes of UTF-8: a U+FFFD, a BMP code point, or a
        // share of a supplementary one (four bytes from at least two input bytes).
        let held = self.state.held() + self.bom_held() + 1;
        byte_length
            .checked_add(held)?
            .checked_mul(3)?
            .checked_add(self.state.pending_output())
    }

    /// As [`Decoder::max_utf8_buffer_length`], for the without-replacement calls.
    pub fn max_utf8_buffer_length_without_replacement(&self, byte_length: usize) -> Option<usize> {
        self.max_utf8_buffer_length(byte_length)
    }

    /// Decodes `src` into `dst`, replacing errors with U+FFFD. Returns the result, bytes
    /// read, bytes written, and whether any error was replaced.
    pub fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        let (result, read, written, replaced) =
            self.decode_impl(src, dst, last, ErrorMode::Replace);
        (result.into_coder_result(), read, written, replaced)
    }

    /// Decodes `src` into `dst`, stopping at the first error, which it reports as
    /// `Malformed(length of the bad sequence, bytes read after it)`.
    pub fn decode_to_utf8_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (result, read, written, _) = self.decode_impl(src, dst, last, ErrorMode::Fatal);
        (result, read, written)
    }

    /// As [`Decoder::decode_to_utf8`], appending to `dst` within its spare capacity.
    pub fn decode_to_string(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> (CoderResult, usize, bool) {
        let (result, read, replaced) = self.decode_into_string(src, dst, last, ErrorMode::Replace);
        (result.into_coder_result(), read, replaced)
    }

    /// As [`Decoder::decode_to_utf8_without_replacement`], appending to `dst` within its
    /// spare capacity.
    pub fn decode_to_string_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> (DecoderResult, usize) {
        let (result, read, _) = self.decode_into_string(src, dst, last, ErrorMode::Fatal);
        (result, read)
    }

    fn decode_into_string(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
        mode: ErrorMode,
    ) -> (DecoderResult, usize, bool) {
        fill_spare_capacity(dst, |spare| {
            let (result, read, written, replaced) = self.decode_impl(src, spare, last, mode);
            ((result, read, replaced), written)
        })
    }

    fn decode_impl(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
        mode: ErrorMode,
    ) -> (DecoderResult, usize, usize, bool) {
        let mut read = 0;
        if self.bom != BomHandling::Off {
            // Take bytes while they could still be the start of a byte order mark.
            let mut decided = false;
            while read < src.len() {
                let len = self.bom_len as usize;
                self.bom_buf[len] = src[read];
                let candidate = &self.bom_buf[..=len];
                let matching = self.boms().find(|(bom, _)| bom.starts_with(candidate));
                match matching {
                    Some((bom, encoding)) => {
                        read += 1;
                        self.bom_len += 1;
                        if bom.len() == candidate.len() {
                            // A whole mark: it is dropped and, when sniffing, its encoding wins.
                            self.encoding = encoding;
                            self.variant = encoding.variant.new_decoder();
                            self.bom_len = 0;
                            decided = true;
                            break;
                        }
                    }
                    None => {
                        decided = true;
                        break;
                    }
                }
            }
            if !decided && !last {
                return (DecoderResult::InputEmpty, read, 0, false);
            }
            self.bom = BomHandling::Off;
        }
        let mut written = 0;
        let mut replaced = false;
        if self.bom_held() > 0 {
            let held = self.bom_buf;
            let (from, to) = (self.bom_replayed as usize, self.bom_len as usize);
            let only_these = last && read == src.len();
            let (result, r, w, rep) =
                self.variant
                    .decode(&mut self.state, &held[from..to], dst, only_these, mode);
            self.bom_replayed += r as u8;
            written += w;
            replaced |= rep;
            if result != DecoderResult::InputEmpty || self.bom_held() > 0 {
                return (result, read, written, replaced);
            }
            if only_these {
                return (result, read, written, replaced);
            }
        }
        let (result, r, w, rep) = self.variant.decode(
            &mut self.state,
            &src[read..],
            &mut dst[written..],
            last,
            mode,
        );
        (result, read + r, written + w, replaced | rep)
    }
}

/// Lets `fill` write UTF-8 into the spare capacity of `dst` and appends the first `written`
/// bytes, where `fill` returns (its result, `written`). Decoding straight into the string
/// rather than into a buffer and then copying is what makes a one-shot decode as fast as
/// encoding_rs's.
pub(crate) fn fill_spare_capacity<R>(
    dst: &mut String,
    fill: impl FnOnce(&mut [u8]) -> (R, usize),
) -> R {
    // The string's bytes are taken out for the duration, so that it is never seen holding
    // anything but UTF-8 (were `fill` to panic, it would be left empty).
    let mut bytes = std::mem::take(dst).into_bytes();
    let old_len = bytes.len();
    let result = fill_spare_capacity_vec(&mut bytes, fill);
    debug_assert!(std::str::from_utf8(&bytes[old_len..]).is_ok());
    // SAFETY: `bytes[..old_len]` was a String. Every decoder writes only whole UTF-8
    // sequences and counts only those in `written`: each write in `run::decode` and the
    // handlers' `bulk` is `utf8_out::write_char` of a char, `utf8_out::write_bmp_non_ascii`
    // of a table value checked to be neither ASCII nor a surrogate, ASCII, or a copy of bytes
    // `str::from_utf8` accepted. Bytes past `written` (which the word-at-a-time copies may
    // have overwritten with non-ASCII) are truncated away. Exercised by every decode test:
    // spec-tests' differential and property tests decode through here, and debug builds
    // check the claim above.
    *dst = unsafe { String::from_utf8_unchecked(bytes) };
    result
}

impl DecoderResult {
    fn into_coder_result(self) -> CoderResult {
        match self {
            DecoderResult::OutputFull => CoderResult::OutputFull,
            _ => CoderResult::InputEmpty,
        }
    }
}
