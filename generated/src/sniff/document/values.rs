//! What the tree construction rules read of attribute values, read as the value's characters
//! arrive (character references already decoded), each in a few bytes whatever the value's
//! length: "get an encoding" of a `charset`, the comparisons of `http-equiv`, `type` and
//! `encoding`, and "the algorithm for extracting a character encoding from a meta element"
//! (HTML Standard, 2.5.3) of a `content`.

use super::super::bytes::{get_an_encoding, is_ascii_whitespace};
use crate::encoding::Encoding;

/// The longest label of the Encoding Standard ("csisolatinhebrew", "iso-ir-138", … are
/// shorter): any longer run of characters is no label.
const LONGEST_LABEL: usize = 20;

/// A value read for "get an encoding": ASCII whitespace at either end is passed over, and
/// what is between is kept while it can still be a label.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Label {
    bytes: [u8; LONGEST_LABEL],
    len: u8,
    /// Whitespace came after the label's first byte.
    after: bool,
    /// The value can be no label.
    spoiled: bool,
}

impl Label {
    pub(super) fn push(&mut self, b: u8) {
        if is_ascii_whitespace(b) {
            self.after |= self.len > 0;
            return;
        }
        match self.bytes.get_mut(usize::from(self.len)) {
            Some(slot) if !self.after => {
                *slot = b;
                self.len += 1;
            }
            _ => self.spoiled = true,
        }
    }

    /// Encoding Standard, "get an encoding" of the value.
    pub(super) fn encoding(&self) -> Option<&'static Encoding> {
        if self.spoiled {
            return None;
        }
        get_an_encoding(self.bytes.get(..usize::from(self.len))?)
    }
}

/// A value compared with a word, ASCII case-insensitively.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Word {
    bytes: [u8; 24],
    len: u8,
}

impl Word {
    pub(super) fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
            *slot = b.to_ascii_lowercase();
        }
        self.len = self.len.saturating_add(1);
    }

    /// Whether the value is `word` (lowercase) up to ASCII case.
    pub(super) fn is(&self, word: &[u8]) -> bool {
        self.bytes.get(..usize::from(self.len)) == Some(word)
    }
}

/// HTML Standard, 2.5.3, "the algorithm for extracting a character encoding from a meta
/// element", run on a `content` value as its characters arrive.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Extraction {
    step: Step,
    label: Label,
}

#[derive(Clone, Copy, Debug, Default)]
enum Step {
    /// 2. Loop: looking for "charset", of which this many characters are matched.
    #[default]
    Loop,
    Matched(u8),
    /// 3. Skipping whitespace after "charset".
    AfterWord,
    /// 5. Skipping whitespace after the `=`.
    AfterEquals,
    /// 6. A quoted label, up to the same quote.
    Quoted(u8),
    /// 6. An unquoted label, up to whitespace or `;`.
    Unquoted,
    /// Returned: the result of getting an encoding, or nothing.
    Done(Option<&'static Encoding>),
}

impl Extraction {
    pub(super) fn push(&mut self, b: u8) {
        match self.step {
            Step::Loop | Step::Matched(_) => {
                let matched = match self.step {
                    Step::Matched(n) => usize::from(n),
                    _ => 0,
                };
                // "charset" has no prefix that is also a suffix: a mismatch starts again
                // from this character.
                self.step = if b.eq_ignore_ascii_case(&b"charset"[matched]) {
                    if matched + 1 == 7 {
                        Step::AfterWord
                    } else {
                        Step::Matched(matched as u8 + 1)
                    }
                } else if b.eq_ignore_ascii_case(&b'c') {
                    Step::Matched(1)
                } else {
                    Step::Loop
                };
            }
            // 3. Skip any ASCII whitespace that immediately follow the word "charset".
            Step::AfterWord if is_ascii_whitespace(b) => {}
            // 4. If the next character is not a U+003D EQUALS SIGN (=), then move position to
            //    point just before that next character, and jump back to the step labeled
            //    loop.
            Step::AfterWord if b != b'=' => {
                self.step = Step::Loop;
                self.push(b);
            }
            Step::AfterWord => self.step = Step::AfterEquals,
            // 5. Skip any ASCII whitespace that immediately follow the equals sign.
            Step::AfterEquals if is_ascii_whitespace(b) => {}
            // 6. If it is a U+0022 (") or U+0027 (') … return the result of getting an
            //    encoding from the substring that is between this character and the next
            //    earliest occurrence of this character.
            Step::AfterEquals if b == b'"' || b == b'\'' => self.step = Step::Quoted(b),
            // Otherwise: … the substring that consists of this character up to but not
            // including the first ASCII whitespace or U+003B SEMICOLON character (;), or the
            // end of s, whichever comes first.
            Step::AfterEquals => {
                self.step = Step::Unquoted;
                self.push(b);
            }
            Step::Quoted(quote) if b == quote => self.step = Step::Done(self.label.encoding()),
            Step::Unquoted if is_ascii_whitespace(b) || b == b';' => {
                self.step = Step::Done(self.label.encoding())
            }
            Step::Quoted(_) | Step::Unquoted => self.label.push(b),
            Step::Done(_) => {}
        }
    }

    /// The result at the end of the value.
    pub(super) fn encoding(&self) -> Option<&'static Encoding> {
        match self.step {
            Step::Done(found) => found,
            // The end of s ends an unquoted label.
            Step::Unquoted => self.label.encoding(),
            // No "charset" with `=` after it, no next character, or an unmatched quote:
            // nothing.
            _ => None,
        }
    }
}

#[cfg(all(test, feature = "koi8-r"))]
mod tests {
    use super::*;
    use crate::sniff::extract_a_character_encoding_from_a_meta_element as extract;
    use proptest::prelude::*;

    fn streamed(value: &[u8]) -> Option<&'static Encoding> {
        let mut extraction = Extraction::default();
        for &b in value {
            extraction.push(b);
        }
        extraction.encoding()
    }

    #[test]
    fn labels_are_trimmed_and_bounded() {
        let label = |value: &[u8]| {
            let mut label = Label::default();
            value.iter().for_each(|&b| label.push(b));
            label.encoding().map(|e| e.name())
        };
        assert_eq!(label(b" \tKOI8-R \n"), Some("KOI8-R"));
        assert_eq!(label(b"koi8 r"), None);
        assert_eq!(label(b""), None);
        assert_eq!(label(&[b' '; 100]), None);
        assert_eq!(label(b"koi8-rrrrrrrrrrrrrrrrrrrrrrrrrrr"), None);
    }

    proptest! {
        /// The streamed extraction answers as the one over the whole value.
        #[test]
        fn extraction_streams(pieces in prop::collection::vec(prop_oneof![
            Just("charset"), Just("CHARSET"), Just("chars"), Just("="), Just(" "),
            Just("\""), Just("'"), Just(";"), Just("koi8-r"), Just("utf-8"), Just("x"),
            Just("c"), Just("\t"), Just("text/html"),
        ], 0..12)) {
            let value = pieces.concat().into_bytes();
            prop_assert_eq!(streamed(&value), extract(&value));
        }
    }
}
