//! [`Encoding`]: what a label names (section 4), and the one-shot operations of section 6.

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};

use crate::decoder::{BomHandling, Decoder};
use crate::encoder::Encoder;
use crate::statics::{REPLACEMENT, UTF_8};
use crate::variant::VariantEncoding;
use crate::DecoderResult;

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
        if self.variant_has_encoder() {
            self
        } else {
            UTF_8
        }
    }

    fn variant_has_encoder(&'static self) -> bool {
        self.variant.new_encoder().is_some()
    }

    /// Whether every scalar value can be encoded: true only where the output encoding is
    /// UTF-8. (gb18030 comes close, but its encoder step 3 makes U+E5E5 an error.)
    pub fn can_encode_everything(&'static self) -> bool {
        self.output_encoding() == UTF_8
    }

    /// Whether bytes 0x00 to 0x7F mean ASCII in every state: false for UTF-16BE, UTF-16LE,
    /// ISO-2022-JP and replacement.
    pub fn is_ascii_compatible(&'static self) -> bool {
        !matches!(
            self.name,
            "UTF-16BE" | "UTF-16LE" | "ISO-2022-JP" | "replacement"
        )
    }

    /// Whether the encoding is one of the single-byte ones (section 9) or x-user-defined.
    pub fn is_single_byte(&'static self) -> bool {
        #[cfg(single_byte)]
        if matches!(self.variant, VariantEncoding::SingleByte(_)) {
            return true;
        }
        self.name == "x-user-defined"
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
        let mut decoder = self.new_decoder_without_bom_handling();
        let mut out = String::with_capacity(initial_capacity(&decoder, bytes.len()));
        let mut read = 0;
        let mut had_errors = false;
        loop {
            let (result, r, replaced) = decoder.decode_to_string(&bytes[read..], &mut out, true);
            read += r;
            had_errors |= replaced;
            match result {
                crate::CoderResult::InputEmpty => return (Cow::Owned(out), had_errors),
                crate::CoderResult::OutputFull => out.reserve(out.capacity().max(16)),
            }
        }
    }

    /// Section 6, "decode without BOM or fail": the text, or None at the first error.
    pub fn decode_without_bom_handling_and_without_replacement<'a>(
        &'static self,
        bytes: &'a [u8],
    ) -> Option<Cow<'a, str>> {
        if let Some(text) = self.decode_borrowed(bytes) {
            return Some(Cow::Borrowed(text));
        }
        let mut decoder = self.new_decoder_without_bom_handling();
        let mut out = String::with_capacity(initial_capacity(&decoder, bytes.len()));
        let mut read = 0;
        loop {
            let (result, r) =
                decoder.decode_to_string_without_replacement(&bytes[read..], &mut out, true);
            read += r;
            match result {
                DecoderResult::InputEmpty => return Some(Cow::Owned(out)),
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

    /// Whether every byte of `bytes` is ASCII that this encoding maps to itself.
    fn decodes_ascii_as_itself(&'static self, bytes: &[u8]) -> bool {
        match self.name {
            "replacement" | "UTF-16BE" | "UTF-16LE" => bytes.is_empty(),
            // Section 12.2: ESC starts an escape sequence; SO and SI are errors.
            "ISO-2022-JP" => bytes
                .iter()
                .all(|&b| b.is_ascii() && !matches!(b, 0x0E | 0x0F | 0x1B)),
            _ => bytes.is_ascii(),
        }
    }

    /// Section 6, "encode", in the html error mode: unmappable code points become decimal
    /// numeric character references. Returns the bytes, the output encoding, and whether any
    /// code point was unmappable. Borrows when the string is already the bytes.
    pub fn encode<'a>(&'static self, string: &'a str) -> (Cow<'a, [u8]>, &'static Encoding, bool) {
        let output = self.output_encoding();
        if output == UTF_8 || output.decodes_ascii_as_itself(string.as_bytes()) {
            return (Cow::Borrowed(string.as_bytes()), output, false);
        }
        let mut encoder = output.new_encoder();
        let mut out = Vec::with_capacity(string.len() + string.len() / 2 + 8);
        let mut read = 0;
        let mut had_unmappables = false;
        loop {
            let (result, r, replaced) =
                encoder.encode_from_utf8_to_vec(&string[read..], &mut out, true);
            read += r;
            had_unmappables |= replaced;
            match result {
                crate::CoderResult::InputEmpty => {
                    return (Cow::Owned(out), output, had_unmappables)
                }
                crate::CoderResult::OutputFull => out.reserve(out.capacity().max(16)),
            }
        }
    }
}

/// The output buffer for a one-shot decode: enough for any input up to a few kilobytes, and
/// for longer inputs a guess that suits text mostly in two-byte UTF-8 (the decode loop grows
/// it if the guess is short).
fn initial_capacity(decoder: &Decoder, len: usize) -> usize {
    if len <= 4096 {
        decoder.max_utf8_buffer_length(len).unwrap_or(len)
    } else {
        len.saturating_mul(2).saturating_add(16)
    }
}

impl PartialEq for Encoding {
    fn eq(&self, other: &Encoding) -> bool {
        self.name == other.name
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
