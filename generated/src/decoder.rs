//! [`Decoder`]: a streaming decoder (section 6's decode algorithms, one buffer at a time),
//! with the API of encoding_rs's UTF-8 side.

use crate::encoding::Encoding;
use crate::results::{CoderResult, DecoderResult};
use crate::run::{DecodeState, ErrorMode};
use crate::variant::VariantDecoder;

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

    pub(crate) fn decode_impl(
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

impl Encoding {
    /// A decoder that sniffs for a byte order mark first (section 6, "decode").
    pub fn new_decoder(&'static self) -> Decoder {
        Decoder::new(self, BomHandling::Sniff)
    }

    /// A decoder that removes this encoding's own byte order mark, if the input starts with
    /// one (section 6, "UTF-8 decode" generalised to UTF-16).
    pub fn new_decoder_with_bom_removal(&'static self) -> Decoder {
        Decoder::new(self, BomHandling::Remove)
    }

    /// A decoder that treats a byte order mark as ordinary bytes (section 6, "decode
    /// without BOM").
    pub fn new_decoder_without_bom_handling(&'static self) -> Decoder {
        Decoder::new(self, BomHandling::Off)
    }
}
