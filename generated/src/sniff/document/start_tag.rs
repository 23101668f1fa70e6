//! What the tokenizer hands the tree construction of a start tag: its name and the values
//! of the attributes a rule reads.

use super::names::{Name, Tag};
use super::values::{Extraction, Label, Word};

/// An attribute whose value a rule reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Interest {
    /// `meta`'s `charset`, `http-equiv`, `content`.
    Charset,
    HttpEquiv,
    Content,
    /// `font`'s `color`, `face`, `size` (their presence).
    Color,
    /// `input`'s `type`.
    Type,
    /// `annotation-xml`'s `encoding`.
    Encoding,
}

impl Interest {
    /// The bit of [`StartTag::present`] that says the tag has this attribute.
    pub(super) fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// What a start tag brings to the tree construction. A value is the tag's only where
/// `present` has its attribute (the others are an earlier tag's).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct StartTag {
    pub(super) name: Option<Name>,
    pub(super) self_closing: bool,
    /// Which attributes of [`Interest`] the tag has (their first occurrence).
    pub(super) present: u8,
    pub(super) charset: Label,
    pub(super) http_equiv: Word,
    pub(super) content: Extraction,
    /// `type` of an `input`, `encoding` of an `annotation-xml`.
    pub(super) word: Word,
}

impl StartTag {
    pub(super) fn has(&self, interest: Interest) -> bool {
        self.present & interest.bit() != 0
    }

    /// Whether the tag has the attribute `interest` (`type` or `encoding`) and its value is
    /// one of `words` (lowercase) up to ASCII case.
    pub(super) fn word_is(&self, interest: Interest, words: &[&[u8]]) -> bool {
        self.has(interest) && words.iter().any(|word| self.word.is(word))
    }

    pub(super) fn tag(&self) -> Option<Tag> {
        match self.name {
            Some(Name::Known(tag)) => Some(tag),
            _ => None,
        }
    }
}
