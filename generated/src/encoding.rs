//! [`Encoding`]: what a label names (section 4), and the one-shot operations of section 6.

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};

use crate::decoder::{fill_spare_capacity, BomHandling, Decoder};
use crate::encoder::{fill_spare_capacity_vec, Encoder};
use crate::run::{DecodeState, EncodeState, ErrorMode};
use crate::statics::{REPLACEMENT, UTF_8};
use crate::variant::{Ascii, VariantDecoder, VariantEncoder, VariantEncoding};
use crate::{DecoderResult, EncoderResult};

/// An encoding of the WHATWG Encoding Standard (section 4). Obtain one from its static
/// (`WINDOWS_1252`, …) or from a label with [`Encoding::for_label`].
pub struct Encoding {
    pub(crate) name: &'static str,
    pub(crate) variant: VariantEncoding,
}

/// Why [`Encoding::lookup`] found no encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelError {
    /// The label is not a label of any encoding (section 4.2).
    Unknown,
    /// The label names an encoding that this build left out: enable the Cargo feature named
    /// after the encoding's lowercased name (`name.to_ascii_lowercase()`).
    NotCompiledIn { name: &'static str },
}

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabelError::Unknown => write!(f, "not a label of any encoding"),
            LabelError::NotCompiledIn { name } => write!(
                f,
                "{name} is not compiled in: enable the feature \"{}\" of whatwg-encoding",
                name.to_ascii_lowercase()
            ),
        }
    }
}

impl std::error::Error for LabelError {}

/// Section 4.2, "get an encoding", up to finding the name: remove leading and trailing ASCII
/// whitespace, ASCII-lowercase, and look the label up.
fn name_for_label(label: &[u8]) -> Option<&'static str> {
    let is_ws = |b: &u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
    let start = label.iter().position(|b| !is_ws(b))?;
    let end = label.iter().rposition(|b| !is_ws(b))? + 1;
    let trimmed = &label[start..end];
    let mut buf = [0u8; 32];
    let lower = buf.get_mut(..trimmed.len())?;
    for (d, s) in lower.iter_mut().zip(trimmed) {
        *d = s.to_ascii_lowercase();
    }
    use crate::tables::labels::{
        LABELS_ENCODING, LABELS_ENDS, LABELS_NAMES, LABELS_NAME_ENDS, LABELS_TEXT,
    };
    // Binary search over the packed labels (sorted, as in LABELS).
    let (mut low, mut high) = (0, LABELS_ENDS.len());
    while low < high {
        let mid = low + (high - low) / 2;
        match packed(LABELS_TEXT, &LABELS_ENDS, mid)?
            .as_bytes()
            .cmp(lower)
        {
            core::cmp::Ordering::Less => low = mid + 1,
            core::cmp::Ordering::Greater => high = mid,
            core::cmp::Ordering::Equal => {
                let encoding = *LABELS_ENCODING.get(mid)? as usize;
                return packed(LABELS_NAMES, &LABELS_NAME_ENDS, encoding);
            }
        }
    }
    None
}

/// The `i`th of the strings laid end to end in `text`, which end at `ends`.
fn packed(text: &'static str, ends: &[u16], i: usize) -> Option<&'static str> {
    let start = match i.checked_sub(1) {
        Some(previous) => *ends.get(previous)? as usize,
        None => 0,
    };
    text.get(start..*ends.get(i)? as usize)
}

impl Encoding {
    /// Section 4.2, "get an encoding": the encoding `label` names, or None if it names none
    /// or names one that this build left out (see [`Encoding::lookup`] to tell the two
    /// apart).
    pub fn for_label(label: &[u8]) -> Option<&'static Encoding> {
        Encoding::lookup(label).ok()
    }

    /// As [`Encoding::for_label`], but None for labels of the replacement encoding.
    pub fn for_label_no_replacement(label: &[u8]) -> Option<&'static Encoding> {
        Encoding::for_label(label).filter(|e| *e != REPLACEMENT)
    }

    /// As [`Encoding::for_label`], saying why there is no encoding: the label names none, or
    /// names one whose Cargo feature was not enabled.
    pub fn lookup(label: &[u8]) -> Result<&'static Encoding, LabelError> {
        let name = name_for_label(label).ok_or(LabelError::Unknown)?;
        crate::statics::by_name(name).ok_or(LabelError::NotCompiledIn { name })
    }

    /// Section 6, "BOM sniff": the encoding of a byte order mark at the start of `buffer`
    /// and the mark's length. UTF-16 marks are recognised only when that encoding is
    /// compiled in.
    pub fn for_bom(buffer: &[u8]) -> Option<(&'static Encoding, usize)> {
        if buffer.starts_with(b"\xEF\xBB\xBF") {
            return Some((UTF_8, 3));
        }
        #[cfg(feature = "utf-16be")]
        if buffer.starts_with(b"\xFE\xFF") {
            return Some((crate::statics::UTF_16BE, 2));
        }
        #[cfg(feature = "utf-16le")]
        if buffer.starts_with(b"\xFF\xFE") {
            return Some((crate::statics::UTF_16LE, 2));
        }
        None
    }

    /// The encoding's name (section 4.2), e.g. "windows-1252".
    pub fn name(&'static self) -> &'static str {
        self.name
    }

    /// Section 4.3, "get an output encoding": replacement, UTF-16BE and UTF-16LE encode as
    /// UTF-8.
    pub fn output_encoding(&'static self) -> &'static Encoding {
        if self.variant.has_encoder() {
            self
        } else {
            UTF_8
        }
    }

    /// Whether every scalar value can be encoded: true only where the output encoding is
    /// UTF-8. (gb18030 comes close, but its encoder step 3 makes U+E5E5 an error.)
    pub fn can_encode_everything(&'static self) -> bool {
        self.output_encoding() == UTF_8
    }

    /// Whether bytes 0x00 to 0x7F mean ASCII in every state: false for UTF-16BE, UTF-16LE,
    /// ISO-2022-JP and replacement.
    pub fn is_ascii_compatible(&'static self) -> bool {
        self.variant.ascii() == Ascii::Itself
    }

    /// Whether the encoding is one of the single-byte ones (section 9) or x-user-defined.
    pub fn is_single_byte(&'static self) -> bool {
        self.variant.is_single_byte()
    }

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

    /// An encoder for the output encoding (section 6, "encode").
    pub fn new_encoder(&'static self) -> Encoder {
        Encoder::new(self.output_encoding())
    }

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
        let mut state = DecodeState::new();
        let mut out = String::with_capacity(initial_capacity(bytes.len()));
        let mut read = 0;
        let mut had_errors = false;
        loop {
            let (result, r, replaced) = fill_spare_capacity(&mut out, |spare| {
                let rest = bytes.get(read..).unwrap_or_default();
                let (result, r, w, replaced) = handler.decode(&mut state, rest, spare, true, mode);
                ((result, r, replaced), w)
            });
            read += r;
            had_errors |= replaced;
            match result {
                DecoderResult::InputEmpty => return Some((out, had_errors)),
                DecoderResult::OutputFull => out.reserve(out.capacity().max(16)),
                DecoderResult::Malformed(_, _) => return None,
            }
        }
    }

    /// `bytes` as text, if decoding would give back the same bytes with no errors.
    fn decode_borrowed<'a>(&'static self, bytes: &'a [u8]) -> Option<&'a str> {
        if self == UTF_8 {
            return std::str::from_utf8(bytes).ok();
        }
        if self.decodes_ascii_as_itself(bytes) {
            // ASCII is valid UTF-8.
            return std::str::from_utf8(bytes).ok();
        }
        None
    }

    /// Whether every byte of `bytes` is ASCII that this encoding maps to itself (and, as
    /// code points, encodes to itself).
    fn decodes_ascii_as_itself(&'static self, bytes: &[u8]) -> bool {
        match self.variant.ascii() {
            Ascii::Itself => crate::ascii::is_ascii(bytes),
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
        let mut state = EncodeState::new();
        // Enough unless numeric character references, escape sequences or gb18030's
        // four-byte sequences make the bytes longer than the UTF-8; the loop grows it then.
        // Every byte of it is zeroed before the encoder writes, so a generous guess costs.
        let mut out = Vec::with_capacity(string.len() + 16);
        let mut read = 0;
        let mut had_unmappables = false;
        loop {
            let (result, r, replaced) = fill_spare_capacity_vec(&mut out, |spare| {
                let rest = string.get(read..).unwrap_or_default();
                let (result, r, w, replaced) =
                    handler.encode(&mut state, rest, spare, true, ErrorMode::Replace);
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

/// An `Encoding` exists only as one of the statics (it cannot be built or copied outside
/// this crate), so two are the same encoding exactly when they are the same static.
impl PartialEq for Encoding {
    fn eq(&self, other: &Encoding) -> bool {
        core::ptr::eq(self, other)
    }
}

impl Eq for Encoding {}

impl Hash for Encoding {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state)
    }
}

impl fmt::Debug for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Encoding {{ {} }}", self.name)
    }
}

#[cfg(test)]
mod packed_label_tests {
    use super::*;

    /// The packed labels say what LABELS says, label by label.
    #[test]
    fn packed_labels_are_the_labels() {
        use crate::tables::labels::*;
        assert_eq!(LABELS_ENDS.len(), LABELS.len());
        for (i, &(label, name)) in LABELS.iter().enumerate() {
            assert_eq!(packed(LABELS_TEXT, &LABELS_ENDS, i), Some(label));
            let encoding = LABELS_ENCODING[i] as usize;
            assert_eq!(
                packed(LABELS_NAMES, &LABELS_NAME_ENDS, encoding),
                Some(name)
            );
            assert_eq!(name_for_label(label.as_bytes()), Some(name));
        }
        assert_eq!(name_for_label(b"bogus"), None);
        assert_eq!(name_for_label(b""), None);
        assert_eq!(packed(LABELS_TEXT, &LABELS_ENDS, LABELS.len()), None);
    }
}
