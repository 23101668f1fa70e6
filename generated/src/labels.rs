//! Section 4.2, "Names and labels": finding an encoding by label, and the encodings other
//! sections name (the byte order marks' of section 6, the output encodings of section 4.3).

use core::fmt;

use crate::encoding::Encoding;
use crate::statics::{REPLACEMENT, UTF_8};

/// Why [`Encoding::lookup`] found no encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelError {
    /// The label is not a label of any encoding (section 4.2).
    Unknown,
    /// The label names an encoding that this build left out: enable the Cargo feature named
    /// after the encoding's lowercased name (`name.to_ascii_lowercase()`).
    NotCompiledIn {
        /// The name of the encoding the label names (section 4.2).
        name: &'static str,
    },
}

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabelError::Unknown => write!(f, "not a label of any encoding"),
            LabelError::NotCompiledIn { name } => {
                write!(f, "{name} is not compiled in: enable the feature \"")?;
                for c in name.chars() {
                    write!(f, "{}", c.to_ascii_lowercase())?;
                }
                write!(f, "\" of whatwg-encoding")
            }
        }
    }
}

/// `core::error::Error`, which `std::error::Error` is, so that the impl needs no `std`.
impl core::error::Error for LabelError {}

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
}

#[cfg(test)]
mod tests {
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
