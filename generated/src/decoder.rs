//! [`Decoder`]: a streaming decoder (section 6's decode algorithms, one buffer at a time),
//! with encoding_rs's API: UTF-8 output into a byte slice or a `&mut str`, UTF-16 output into
//! a `u16` slice. (The `String` forms are in `owned`.)

use core::fmt;

use crate::encoding::Encoding;
use crate::encodings::VariantDecoder;
use crate::forms::output::{Output, Utf16, Utf8, OVERWRITE};
use crate::forms::str_bytes::write_into_str;
use crate::results::{CoderResult, DecoderResult};
use crate::run::{DecodeState, ErrorMode};

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

/// A streaming decoder. Feed it buffers with [`Decoder::decode_to_utf8`],
/// [`Decoder::decode_to_utf16`], [`Decoder::decode_to_str`] (or the `String` and
/// without-replacement forms); the last call says `last = true`. However the input is split,
/// the output is that of the one-shot decode.
///
/// Output is written whole characters at a time, and a step whose output does not fit is not
/// taken: when a call returns `OutputFull`, nothing decoded is held back. A buffer of four
/// bytes of UTF-8 (two code units of UTF-16) always makes progress; one of
/// [`Decoder::max_utf8_buffer_length`] (or [`Decoder::max_utf16_buffer_length`]) never fills.
///
/// A decoder's state is bounded whatever the input: its handler's few bytes, at most sixteen
/// bytes read but not yet decoded (what a handler restored) and three of a possible byte
/// order mark; 56 bytes in all on a 64-bit target.
///
/// ```
/// # #[cfg(feature = "shift_jis")]
/// # fn main() {
/// use whatwg_encoding::{CoderResult, SHIFT_JIS};
///
/// let mut decoder = SHIFT_JIS.new_decoder();
/// let mut out = [0u16; 8];
/// // "日本" split inside its first character.
/// let (result, read, written, had_errors) = decoder.decode_to_utf16(b"\x93", &mut out, false);
/// assert_eq!((result, read, written, had_errors), (CoderResult::InputEmpty, 1, 0, false));
/// let (result, read, more, _) = decoder.decode_to_utf16(b"\xFA\x96\x7B", &mut out, true);
/// assert_eq!((result, read), (CoderResult::InputEmpty, 3));
/// assert_eq!(String::from_utf16(&out[..more]).unwrap(), "日本");
/// # }
/// # #[cfg(not(feature = "shift_jis"))]
/// # fn main() {}
/// ```
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

/// Shows the encoding, as encoding_rs does; the decoder's state is its own business.
impl fmt::Debug for Decoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Decoder")
            .field("encoding", self.encoding)
            .finish_non_exhaustive()
    }
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

    /// A decoder in the same state, which goes on as this one would: for finding afterwards
    /// which input byte gave a character (the HTML sniffing's late `<meta>`).
    #[cfg(feature = "sniff")]
    pub(crate) fn fork(&self) -> Decoder {
        Decoder { ..*self }
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

    /// Bytes this decoder holds that may still turn into output.
    fn held(&self) -> usize {
        self.state.held() + self.bom_held()
    }

    /// An upper bound on the UTF-8 that decoding `byte_length` more bytes can produce,
    /// including what this decoder holds; None on overflow. With a buffer this long,
    /// [`Decoder::decode_to_utf8`] never reports `OutputFull`.
    pub fn max_utf8_buffer_length(&self, byte_length: usize) -> Option<usize> {
        // Every byte becomes at most three bytes of UTF-8: a U+FFFD, a BMP code point, or a
        // share of a supplementary one (four bytes from at least two input bytes); one more
        // U+FFFD may end the stream.
        byte_length.checked_add(self.held() + 1)?.checked_mul(3)
    }

    /// As [`Decoder::max_utf8_buffer_length`], for the without-replacement calls.
    pub fn max_utf8_buffer_length_without_replacement(&self, byte_length: usize) -> Option<usize> {
        self.max_utf8_buffer_length(byte_length)
    }

    /// An upper bound on the UTF-16 code units that decoding `byte_length` more bytes can
    /// produce, including what this decoder holds; None on overflow. With a buffer this
    /// long, [`Decoder::decode_to_utf16`] never reports `OutputFull`.
    pub fn max_utf16_buffer_length(&self, byte_length: usize) -> Option<usize> {
        // Every byte becomes at most one code unit: a U+FFFD, a BMP code point, or half of a
        // supplementary one (from at least two input bytes); one more U+FFFD may end the
        // stream.
        byte_length.checked_add(self.held() + 1)
    }

    /// Decodes `src` into `dst` as UTF-8, replacing errors with U+FFFD. Returns the result,
    /// bytes read, bytes written, and whether any error was replaced.
    pub fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        let (result, read, written, replaced) =
            self.decode_impl::<Utf8>(src, dst, last, ErrorMode::Replace);
        (result.into_coder_result(), read, written, replaced)
    }

    /// Decodes `src` into `dst` as UTF-8, stopping at the first error, which it reports as
    /// `Malformed(length of the bad sequence, bytes read after it)`.
    pub fn decode_to_utf8_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (result, read, written, _) = self.decode_impl::<Utf8>(src, dst, last, ErrorMode::Fatal);
        (result, read, written)
    }

    /// Decodes `src` into `dst` as UTF-16, replacing errors with U+FFFD. Returns the result,
    /// bytes read, code units written, and whether any error was replaced.
    pub fn decode_to_utf16(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        let (result, read, written, replaced) =
            self.decode_impl::<Utf16>(src, dst, last, ErrorMode::Replace);
        (result.into_coder_result(), read, written, replaced)
    }

    /// Decodes `src` into `dst` as UTF-16, stopping at the first error, which it reports as
    /// `Malformed(length of the bad sequence, bytes read after it)`.
    pub fn decode_to_utf16_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (result, read, written, _) =
            self.decode_impl::<Utf16>(src, dst, last, ErrorMode::Fatal);
        (result, read, written)
    }

    /// As [`Decoder::decode_to_utf8`], into the bytes of a `str`: after the `written`
    /// bytes, as many bytes as the decoder may have overwritten are zeroed, so that `dst`
    /// stays UTF-8.
    pub fn decode_to_str(
        &mut self,
        src: &[u8],
        dst: &mut str,
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        let (result, read, written, replaced) =
            self.decode_into_str(src, dst, last, ErrorMode::Replace);
        (result.into_coder_result(), read, written, replaced)
    }

    /// As [`Decoder::decode_to_utf8_without_replacement`], into the bytes of a `str`, as
    /// [`Decoder::decode_to_str`] does.
    pub fn decode_to_str_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut str,
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (result, read, written, _) = self.decode_into_str(src, dst, last, ErrorMode::Fatal);
        (result, read, written)
    }

    fn decode_into_str(
        &mut self,
        src: &[u8],
        dst: &mut str,
        last: bool,
        mode: ErrorMode,
    ) -> (DecoderResult, usize, usize, bool) {
        // SAFETY: `write_into_str`'s contract: the decoders write whole UTF-8 sequences,
        // count only those in `written`, and write nothing more than `OVERWRITE` bytes past
        // what they count (the "Only whole UTF-8 sequences" section of
        // `forms::output::Utf8`'s documentation). A panic in them leaves `dst` all NUL.
        unsafe {
            write_into_str(dst, OVERWRITE, |bytes| {
                let outcome = self.decode_impl::<Utf8>(src, bytes, last, mode);
                (outcome, outcome.2)
            })
        }
    }

    /// Section 6's decode for `O`: byte order mark handling, then the generic loop.
    ///
    /// Past the byte order mark, a call goes straight to the loop: inline, with what the
    /// mark needs out of line, so that a call with nothing to do about a mark costs no more
    /// than the loop's own: in short streaming calls that setup was a measurable share of
    /// each call.
    #[inline]
    pub(crate) fn decode_impl<O: Output>(
        &mut self,
        src: &[u8],
        dst: &mut [O::Unit],
        last: bool,
        mode: ErrorMode,
    ) -> (DecoderResult, usize, usize, bool) {
        if self.bom == BomHandling::Off && self.bom_held() == 0 {
            return self
                .variant
                .decode::<O>(&mut self.state, src, dst, last, mode);
        }
        self.decode_with_bom::<O>(src, dst, last, mode)
    }

    /// [`Self::decode_impl`] while the byte order mark is being decided or its bytes
    /// replayed.
    #[inline(never)]
    fn decode_with_bom<O: Output>(
        &mut self,
        src: &[u8],
        dst: &mut [O::Unit],
        last: bool,
        mode: ErrorMode,
    ) -> (DecoderResult, usize, usize, bool) {
        let mut read = 0;
        if self.bom != BomHandling::Off {
            // Take bytes while they could still be the start of a byte order mark.
            let held_before = self.bom_len;
            let mut decided = false;
            while let Some(&b) = src.get(read) {
                let len = self.bom_len as usize;
                self.bom_buf[len] = b;
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
            if self.bom_len > 0 {
                // Not a mark: the bytes this call gave are decoded from `src` itself, as if
                // never taken, and only those held from earlier calls are replayed.
                self.bom_len = held_before;
                read = 0;
            }
        }
        let mut written = 0;
        let mut replaced = false;
        if self.bom_held() > 0 {
            let held = self.bom_buf;
            let (from, to) = (self.bom_replayed as usize, self.bom_len as usize);
            let only_these = last && read == src.len();
            let (result, r, w, rep) =
                self.variant
                    .decode::<O>(&mut self.state, &held[from..to], dst, only_these, mode);
            self.bom_replayed += r as u8;
            written += w;
            replaced |= rep;
            // Held bytes not yet replayed were read by earlier calls: a malformed sequence
            // before them ends that many bytes further back in the stream. (encoding_rs
            // 0.8.44 leaves them out, so that the sequence's place comes out wrong: for
            // the replacement encoding sniffing EF, BB, 41 in three calls it reports the BB.)
            let result = match result {
                DecoderResult::Malformed(len, after) => {
                    DecoderResult::Malformed(len, after + self.bom_held() as u8)
                }
                other => other,
            };
            if result != DecoderResult::InputEmpty || self.bom_held() > 0 || only_these {
                return (result, read, written, replaced);
            }
        }
        let (result, r, w, rep) = self.variant.decode::<O>(
            &mut self.state,
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
            last,
            mode,
        );
        (result, read + r, written + w, replaced | rep)
    }

    /// Appends to `dst`, within its spare capacity, the text of the longest prefix of
    /// `bytes` that this decoder, as it stands, takes without its decode loop
    /// ([`VariantDecoder::append_prefix`]), and returns its length; nothing while it decides
    /// about a byte order mark or holds bytes.
    #[cfg(feature = "alloc")]
    pub(crate) fn append_prefix(&self, bytes: &[u8], dst: &mut alloc::string::String) -> usize {
        let deciding_bom = self.bom != BomHandling::Off && self.boms().next().is_some();
        if deciding_bom || self.bom_held() > 0 || !self.state.is_empty() {
            return 0;
        }
        self.variant.append_prefix(bytes, dst)
    }

    /// For hosts that store strings as Latin1 bytes (SpiderMonkey, V8): the length of the
    /// longest prefix of `bytes` that this decoder, in its current state, would decode to
    /// the code points equal to the bytes' values. None if the decoder is in the middle of
    /// a sequence or still deciding about a byte order mark, or if the encoding never
    /// decodes a byte to itself (UTF-16BE, UTF-16LE, replacement). Does not change the
    /// decoder.
    ///
    /// ASCII bytes count wherever they decode to themselves. (encoding_rs 0.8.44 leaves out
    /// an ASCII run that ends `bytes` in the single-byte encodings, contrary to its
    /// documentation; this follows the documentation.)
    pub fn latin1_byte_compatible_up_to(&self, bytes: &[u8]) -> Option<usize> {
        let deciding_bom = self.bom != BomHandling::Off && self.boms().next().is_some();
        if deciding_bom || self.bom_held() > 0 || !self.state.is_empty() {
            return None;
        }
        self.variant.latin1_byte_compatible_up_to(bytes)
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
