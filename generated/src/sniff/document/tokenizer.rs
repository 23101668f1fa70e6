//! HTML Standard, 13.2.5 "Tokenization", over decoded text (UTF-8) given a piece at a time,
//! as far as it decides which tags there are: the states keep the standard's names, and a
//! state goes on across the end of a piece. What the tokens hold is kept only where a rule
//! reads it (the tag name; the attributes listed in [`Interest`]); text is looked at only
//! while the tree construction says it can change something ([`Tree::text_matters`]).
//!
//! Two groups of states are folded, with no change to where tokens begin and end:
//!
//! - 13.2.5.53 to 13.2.5.67, the DOCTYPE states: each goes to the data state at `>` and only
//!   there (the end of the input aside), and the DOCTYPE decides nothing here (quirks mode
//!   changes no rule this module follows), so one state, `Doctype`, stands for them.
//! - 13.2.5.46 to 13.2.5.49, the comment less-than sign states: they report nested comments
//!   as parse errors and go back to the comment, comment end dash or comment end state where
//!   the comment and comment end dash states would have gone themselves.

use super::char_ref::{self, Named, LONGEST_NAME};
use super::names::{Name, NameBuilder, Tag};
use super::start_tag::{Interest, StartTag};
use super::tree::{Switch, Tree};
use super::values::{Extraction, Label, Word};
use crate::encoding::Encoding;
use crate::kernels::scan::{find, find_any};
use core::ops::ControlFlow::{self, Break, Continue};

/// The tokenizer's state (13.2.5.1 to 13.2.5.80), with what the states between them need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Data,
    Rcdata,
    Rawtext,
    ScriptData,
    Plaintext,
    TagOpen,
    EndTagOpen,
    TagName,
    RcdataLessThanSign,
    RcdataEndTagOpen,
    RcdataEndTagName,
    RawtextLessThanSign,
    RawtextEndTagOpen,
    RawtextEndTagName,
    ScriptDataLessThanSign,
    ScriptDataEndTagOpen,
    ScriptDataEndTagName,
    ScriptDataEscapeStart,
    ScriptDataEscapeStartDash,
    ScriptDataEscaped,
    ScriptDataEscapedDash,
    ScriptDataEscapedDashDash,
    ScriptDataEscapedLessThanSign,
    ScriptDataEscapedEndTagOpen,
    ScriptDataEscapedEndTagName,
    ScriptDataDoubleEscapeStart,
    ScriptDataDoubleEscaped,
    ScriptDataDoubleEscapedDash,
    ScriptDataDoubleEscapedDashDash,
    ScriptDataDoubleEscapedLessThanSign,
    ScriptDataDoubleEscapeEnd,
    BeforeAttributeName,
    AttributeName,
    AfterAttributeName,
    BeforeAttributeValue,
    AttributeValueDoubleQuoted,
    AttributeValueSingleQuoted,
    AttributeValueUnquoted,
    AfterAttributeValueQuoted,
    SelfClosingStartTag,
    BogusComment,
    MarkupDeclarationOpen,
    CommentStart,
    CommentStartDash,
    Comment,
    CommentEndDash,
    CommentEnd,
    CommentEndBang,
    Doctype,
    CdataSection,
    CdataSectionBracket,
    CdataSectionEnd,
    CharacterReference,
    NamedCharacterReference,
    NumericCharacterReference,
    HexadecimalCharacterReferenceStart,
    DecimalCharacterReferenceStart,
    HexadecimalCharacterReference,
    DecimalCharacterReference,
}

/// Where the characters of a character reference go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReturnTo {
    Value(State),
    Text,
}

/// How a piece of text went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fed {
    /// All of it was tokenized.
    Done,
    /// A `meta` start tag that the tree construction processed with the "in head" rules
    /// declared `encoding`: the tag's `<` and `>` are at these offsets of the text (counted
    /// from the start of the first piece), and `end` bytes of this piece were tokenized.
    Meta {
        encoding: &'static Encoding,
        start: u64,
        gt: u64,
        end: usize,
    },
    /// The PLAINTEXT state: no tag follows, ever.
    Plaintext,
}

/// The tokenizer.
#[derive(Clone, Debug)]
pub(super) struct Tokenizer {
    state: State,
    /// How much text the pieces before this one held.
    offset: u64,
    /// The tag being read: an end tag?, where its `<` is, its name.
    end_tag: bool,
    tag_start: u64,
    name: NameBuilder,
    start_tag: StartTag,
    /// The attribute whose value is being read, if a rule reads it.
    attribute: Option<Interest>,
    attribute_name: Word,
    /// The tag name a RCDATA, RAWTEXT or script data end tag must have ("the appropriate end
    /// tag"), and how the temporary buffer compares with it: bytes matched, or a mismatch.
    appropriate: &'static [u8],
    buffer_len: usize,
    buffer_mismatch: bool,
    /// The markup declaration open state's characters so far.
    lookahead: [u8; 7],
    lookahead_len: usize,
    /// The character reference being read.
    return_to: ReturnTo,
    reference: [u8; LONGEST_NAME + 1],
    reference_len: usize,
    code: Option<u32>,
}

impl Default for Tokenizer {
    fn default() -> Tokenizer {
        Tokenizer {
            state: State::Data,
            offset: 0,
            end_tag: false,
            tag_start: 0,
            name: NameBuilder::default(),
            start_tag: StartTag::default(),
            attribute: None,
            attribute_name: Word::default(),
            appropriate: b"",
            buffer_len: 0,
            buffer_mismatch: false,
            lookahead: [0; 7],
            lookahead_len: 0,
            return_to: ReturnTo::Text,
            reference: [0; LONGEST_NAME + 1],
            reference_len: 0,
            code: None,
        }
    }
}

/// ASCII whitespace as the tokenizer sees it: tab, LF, FF, space, and CR (which the input
/// stream preprocessing turns into LF).
#[inline(always)]
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The attribute states (13.2.5.32 to 13.2.5.40) of a tag none of whose values a rule
/// reads, from `state` at `i`: where they reach the `>` that emits the tag, and whether the
/// self-closing start tag state led to it; or, when the text ends first, where and in which
/// state. Only where values end matters: a character reference never consumes a quote,
/// whitespace or `>`.
///
/// The common run of the states, whitespace, a name, `=`, a quoted value, is one loop
/// ([`quoted_attributes`]); the states a step at a time ([`attribute_step`]) take the rest.
fn skip_attributes(
    text: &[u8],
    mut i: usize,
    mut state: State,
) -> Result<(usize, bool), (usize, State)> {
    loop {
        if state == State::BeforeAttributeName {
            match quoted_attributes(text, i) {
                Continue((at, next)) => (i, state) = (at, next),
                Break(done) => return done,
            }
        }
        match attribute_step(text, i, state) {
            Continue((at, next)) => (i, state) = (at, next),
            Break(done) => return done,
        }
    }
}

/// Where the attribute states go on ([`Continue`]: the place and state), or what
/// [`skip_attributes`] returns ([`Break`]).
type Attributes = ControlFlow<Result<(usize, bool), (usize, State)>, (usize, State)>;

/// From the before attribute name state at `i`: attributes with quoted values, each after
/// whitespace, until something else comes, which is left to [`attribute_step`] at the
/// place and in the state returned.
#[inline(always)]
fn quoted_attributes(text: &[u8], mut i: usize) -> Attributes {
    let end = |i: usize, state: State| Break(Err((i, state)));
    loop {
        // Before attribute name: whitespace, then `>`, `/` or a name's first character
        // (an `=` too).
        while text.get(i).is_some_and(|&b| is_space(b)) {
            i += 1;
        }
        match text.get(i) {
            None => return end(i, State::BeforeAttributeName),
            Some(b'>') => return Break(Ok((i, false))),
            Some(b'/') => return Continue((i, State::BeforeAttributeName)),
            Some(_) => i += 1,
        }
        // Attribute name.
        while text
            .get(i)
            .is_some_and(|&c| !(is_space(c) || matches!(c, b'/' | b'>' | b'=')))
        {
            i += 1;
        }
        match text.get(i) {
            None => return end(i, State::AttributeName),
            Some(b'=') => i += 1,
            Some(_) => return Continue((i, State::AttributeName)),
        }
        // Before attribute value: a quote (anything else is the states' own).
        let (quote, quoted) = match text.get(i) {
            Some(b'"') => (b'"', State::AttributeValueDoubleQuoted),
            Some(b'\'') => (b'\'', State::AttributeValueSingleQuoted),
            _ => return Continue((i, State::BeforeAttributeValue)),
        };
        match find(text, i + 1, quote) {
            Some(at) => i = at + 1,
            None => return end(text.len(), quoted),
        }
        // After attribute value (quoted): whitespace goes on to the next attribute.
        match text.get(i) {
            Some(&b) if is_space(b) => i += 1,
            _ => return Continue((i, State::AfterAttributeValueQuoted)),
        }
    }
}

/// One step of the attribute states at `i`.
#[inline(always)]
fn attribute_step(text: &[u8], mut i: usize, mut state: State) -> Attributes {
    let Some(&b) = text.get(i) else {
        return Break(Err((i, state)));
    };
    match state {
        State::BeforeAttributeName | State::AfterAttributeName => match b {
            _ if is_space(b) => i += 1,
            b'/' => {
                state = State::SelfClosingStartTag;
                i += 1;
            }
            b'>' => return Break(Ok((i, false))),
            b'=' if state == State::AfterAttributeName => {
                state = State::BeforeAttributeValue;
                i += 1;
            }
            // A new attribute (an `=` first is its name's).
            _ => {
                state = State::AttributeName;
                i += 1;
            }
        },
        State::AttributeName => {
            while text
                .get(i)
                .is_some_and(|&c| !(is_space(c) || matches!(c, b'/' | b'>' | b'=')))
            {
                i += 1;
            }
            match text.get(i) {
                None => return Break(Err((i, state))),
                Some(b'=') => {
                    state = State::BeforeAttributeValue;
                    i += 1;
                }
                Some(_) => state = State::AfterAttributeName,
            }
        }
        State::BeforeAttributeValue => match b {
            _ if is_space(b) => i += 1,
            b'"' => {
                state = State::AttributeValueDoubleQuoted;
                i += 1;
            }
            b'\'' => {
                state = State::AttributeValueSingleQuoted;
                i += 1;
            }
            b'>' => return Break(Ok((i, false))),
            _ => state = State::AttributeValueUnquoted,
        },
        State::AttributeValueDoubleQuoted | State::AttributeValueSingleQuoted => {
            let quote = if state == State::AttributeValueDoubleQuoted {
                b'"'
            } else {
                b'\''
            };
            match find(text, i, quote) {
                Some(at) => {
                    state = State::AfterAttributeValueQuoted;
                    i = at + 1;
                }
                None => return Break(Err((text.len(), state))),
            }
        }
        State::AttributeValueUnquoted => {
            while text.get(i).is_some_and(|&c| !(is_space(c) || c == b'>')) {
                i += 1;
            }
            match text.get(i) {
                None => return Break(Err((i, state))),
                Some(b'>') => return Break(Ok((i, false))),
                Some(_) => {
                    state = State::BeforeAttributeName;
                    i += 1;
                }
            }
        }
        State::AfterAttributeValueQuoted => match b {
            _ if is_space(b) => {
                state = State::BeforeAttributeName;
                i += 1;
            }
            b'/' => {
                state = State::SelfClosingStartTag;
                i += 1;
            }
            b'>' => return Break(Ok((i, false))),
            _ => state = State::BeforeAttributeName,
        },
        // The self-closing start tag state.
        _ => match b {
            b'>' => return Break(Ok((i, true))),
            _ => state = State::BeforeAttributeName,
        },
    }
    Continue((i, state))
}

/// The bytes of U+FFFD, what a NULL becomes in names and values.
const REPLACEMENT: &[u8] = "\u{FFFD}".as_bytes();

impl Tokenizer {
    /// Tokenizes `text`, the next piece of the document's text (whole characters), with the
    /// tree construction `tree`.
    pub(super) fn feed(&mut self, text: &[u8], tree: &mut Tree) -> Fed {
        let fed = self.run(text, tree);
        if let Fed::Done = fed {
            self.offset += text.len() as u64;
        }
        fed
    }

    /// Where the `<` of the tag being read is, as an offset of the text.
    pub(super) fn tag_start(&self) -> u64 {
        self.tag_start
    }

    /// Whether the tokenizer is in a start tag whose name is, or may still become, `meta`:
    /// one that can declare an encoding.
    pub(super) fn in_possible_meta(&self) -> bool {
        match self.state {
            State::TagOpen => true,
            State::TagName => {
                !self.end_tag
                    && self
                        .name
                        .bytes()
                        .is_some_and(|name| b"meta".starts_with(name))
            }
            State::BeforeAttributeName
            | State::AttributeName
            | State::AfterAttributeName
            | State::BeforeAttributeValue
            | State::AttributeValueDoubleQuoted
            | State::AttributeValueSingleQuoted
            | State::AttributeValueUnquoted
            | State::AfterAttributeValueQuoted
            | State::SelfClosingStartTag
            | State::CharacterReference
            | State::NamedCharacterReference
            | State::NumericCharacterReference
            | State::HexadecimalCharacterReferenceStart
            | State::DecimalCharacterReferenceStart
            | State::HexadecimalCharacterReference
            | State::DecimalCharacterReference => {
                !self.end_tag && self.start_tag.tag() == Some(Tag::Meta)
            }
            _ => false,
        }
    }

    fn run(&mut self, text: &[u8], tree: &mut Tree) -> Fed {
        let mut i = 0;
        while let Some(&b) = text.get(i) {
            match self.state {
                State::Data => {
                    if tree.text_matters() {
                        match b {
                            b'<' => self.open_tag(i),
                            b'&' => {
                                self.return_to = ReturnTo::Text;
                                self.state = State::CharacterReference;
                            }
                            _ => tree.character(b),
                        }
                        i += 1;
                        continue;
                    }
                    match find(text, i, b'<') {
                        Some(lt) => {
                            self.open_tag(lt);
                            i = lt + 1;
                        }
                        None => i = text.len(),
                    }
                    continue;
                }
                State::Rcdata | State::Rawtext | State::ScriptData => {
                    match find(text, i, b'<') {
                        Some(lt) => {
                            self.state = match self.state {
                                State::Rcdata => State::RcdataLessThanSign,
                                State::Rawtext => State::RawtextLessThanSign,
                                _ => State::ScriptDataLessThanSign,
                            };
                            self.tag_start = self.offset + lt as u64;
                            i = lt + 1;
                        }
                        None => i = text.len(),
                    }
                    continue;
                }
                State::Plaintext => return Fed::Plaintext,
                State::TagOpen => match b {
                    b'!' => {
                        self.lookahead_len = 0;
                        self.state = State::MarkupDeclarationOpen;
                    }
                    b'/' => self.state = State::EndTagOpen,
                    _ if b.is_ascii_alphabetic() => {
                        self.new_tag(false);
                        self.state = State::TagName;
                        continue;
                    }
                    b'?' => {
                        self.state = State::BogusComment;
                        continue;
                    }
                    _ => {
                        // Emit a U+003C LESS-THAN SIGN character token; reconsume in the
                        // data state.
                        if tree.text_matters() {
                            tree.character(b'<');
                        }
                        self.state = State::Data;
                        continue;
                    }
                },
                State::EndTagOpen => match b {
                    _ if b.is_ascii_alphabetic() => {
                        self.new_tag(true);
                        self.state = State::TagName;
                        continue;
                    }
                    b'>' => self.state = State::Data,
                    _ => {
                        self.state = State::BogusComment;
                        continue;
                    }
                },
                State::TagName => {
                    // Names are short: a byte at a time.
                    while let Some(&c) = text.get(i) {
                        if is_space(c) || matches!(c, b'/' | b'>' | 0) {
                            break;
                        }
                        self.name.push(c.to_ascii_lowercase());
                        i += 1;
                    }
                    let Some(&c) = text.get(i) else { break };
                    match c {
                        0 => self.name.push_all(REPLACEMENT),
                        b'/' => self.state = State::SelfClosingStartTag,
                        b'>' => {
                            if let Some(fed) = self.emit(i, tree) {
                                return fed;
                            }
                        }
                        _ => self.state = State::BeforeAttributeName,
                    }
                    if c != 0 {
                        self.name_done();
                    }
                }
                State::RcdataLessThanSign
                | State::RawtextLessThanSign
                | State::ScriptDataLessThanSign => {
                    let (open, back) = match self.state {
                        State::RcdataLessThanSign => (State::RcdataEndTagOpen, State::Rcdata),
                        State::RawtextLessThanSign => (State::RawtextEndTagOpen, State::Rawtext),
                        _ => (State::ScriptDataEndTagOpen, State::ScriptData),
                    };
                    match b {
                        b'/' => {
                            self.start_buffer();
                            self.state = open;
                        }
                        b'!' if back == State::ScriptData => {
                            self.state = State::ScriptDataEscapeStart
                        }
                        _ => {
                            self.state = back;
                            continue;
                        }
                    }
                }
                State::RcdataEndTagOpen
                | State::RawtextEndTagOpen
                | State::ScriptDataEndTagOpen
                | State::ScriptDataEscapedEndTagOpen => {
                    let (name, back) = match self.state {
                        State::RcdataEndTagOpen => (State::RcdataEndTagName, State::Rcdata),
                        State::RawtextEndTagOpen => (State::RawtextEndTagName, State::Rawtext),
                        State::ScriptDataEndTagOpen => {
                            (State::ScriptDataEndTagName, State::ScriptData)
                        }
                        _ => (State::ScriptDataEscapedEndTagName, State::ScriptDataEscaped),
                    };
                    if b.is_ascii_alphabetic() {
                        self.new_tag(true);
                        self.state = name;
                    } else {
                        self.state = back;
                    }
                    continue;
                }
                State::RcdataEndTagName
                | State::RawtextEndTagName
                | State::ScriptDataEndTagName
                | State::ScriptDataEscapedEndTagName => {
                    let back = match self.state {
                        State::RcdataEndTagName => State::Rcdata,
                        State::RawtextEndTagName => State::Rawtext,
                        State::ScriptDataEndTagName => State::ScriptData,
                        _ => State::ScriptDataEscaped,
                    };
                    let appropriate =
                        !self.buffer_mismatch && self.buffer_len == self.appropriate.len();
                    match b {
                        _ if is_space(b) && appropriate => {
                            self.name_done();
                            self.state = State::BeforeAttributeName;
                        }
                        b'/' if appropriate => {
                            self.name_done();
                            self.state = State::SelfClosingStartTag;
                        }
                        b'>' if appropriate => {
                            self.name_done();
                            if let Some(fed) = self.emit(i, tree) {
                                return fed;
                            }
                        }
                        _ if b.is_ascii_alphabetic() => {
                            self.buffer_push(b);
                            self.name.push(b.to_ascii_lowercase());
                        }
                        _ => {
                            self.state = back;
                            continue;
                        }
                    }
                }
                State::ScriptDataEscapeStart | State::ScriptDataEscapeStartDash => {
                    if b == b'-' {
                        self.state = match self.state {
                            State::ScriptDataEscapeStart => State::ScriptDataEscapeStartDash,
                            _ => State::ScriptDataEscapedDashDash,
                        };
                    } else {
                        self.state = State::ScriptData;
                        continue;
                    }
                }
                State::ScriptDataEscaped | State::ScriptDataDoubleEscaped => {
                    let double = self.state == State::ScriptDataDoubleEscaped;
                    match find_any(text, i, [b'-', b'<']) {
                        Some(at) => {
                            i = at;
                            self.state = match (text[at], double) {
                                (b'-', false) => State::ScriptDataEscapedDash,
                                (b'-', true) => State::ScriptDataDoubleEscapedDash,
                                (_, false) => {
                                    self.tag_start = self.offset + at as u64;
                                    State::ScriptDataEscapedLessThanSign
                                }
                                (_, true) => State::ScriptDataDoubleEscapedLessThanSign,
                            };
                        }
                        None => i = text.len(),
                    }
                }
                State::ScriptDataEscapedDash
                | State::ScriptDataEscapedDashDash
                | State::ScriptDataDoubleEscapedDash
                | State::ScriptDataDoubleEscapedDashDash => {
                    let double = matches!(
                        self.state,
                        State::ScriptDataDoubleEscapedDash | State::ScriptDataDoubleEscapedDashDash
                    );
                    let dash_dash = matches!(
                        self.state,
                        State::ScriptDataEscapedDashDash | State::ScriptDataDoubleEscapedDashDash
                    );
                    self.state = match (b, double) {
                        (b'-', false) => State::ScriptDataEscapedDashDash,
                        (b'-', true) => State::ScriptDataDoubleEscapedDashDash,
                        (b'<', false) => {
                            self.tag_start = self.offset + i as u64;
                            State::ScriptDataEscapedLessThanSign
                        }
                        (b'<', true) => State::ScriptDataDoubleEscapedLessThanSign,
                        (b'>', _) if dash_dash => State::ScriptData,
                        (_, false) => State::ScriptDataEscaped,
                        (_, true) => State::ScriptDataDoubleEscaped,
                    };
                }
                State::ScriptDataEscapedLessThanSign => match b {
                    b'/' => {
                        self.start_buffer();
                        self.state = State::ScriptDataEscapedEndTagOpen;
                    }
                    _ if b.is_ascii_alphabetic() => {
                        self.start_buffer();
                        self.state = State::ScriptDataDoubleEscapeStart;
                        continue;
                    }
                    _ => {
                        self.state = State::ScriptDataEscaped;
                        continue;
                    }
                },
                State::ScriptDataDoubleEscapeStart | State::ScriptDataDoubleEscapeEnd => {
                    let start = self.state == State::ScriptDataDoubleEscapeStart;
                    if is_space(b) || b == b'/' || b == b'>' {
                        let script = !self.buffer_mismatch && self.buffer_len == 6;
                        self.state = match (start, script) {
                            (true, true) | (false, false) => State::ScriptDataDoubleEscaped,
                            _ => State::ScriptDataEscaped,
                        };
                    } else if b.is_ascii_alphabetic() {
                        self.buffer_push(b);
                    } else {
                        self.state = if start {
                            State::ScriptDataEscaped
                        } else {
                            State::ScriptDataDoubleEscaped
                        };
                        continue;
                    }
                }
                State::ScriptDataDoubleEscapedLessThanSign => {
                    if b == b'/' {
                        self.start_buffer();
                        self.state = State::ScriptDataDoubleEscapeEnd;
                    } else {
                        self.state = State::ScriptDataDoubleEscaped;
                        continue;
                    }
                }
                State::BeforeAttributeName
                | State::AttributeName
                | State::AfterAttributeName
                | State::BeforeAttributeValue
                | State::AttributeValueDoubleQuoted
                | State::AttributeValueSingleQuoted
                | State::AttributeValueUnquoted
                | State::AfterAttributeValueQuoted
                | State::SelfClosingStartTag
                    if !self.reads_attributes() =>
                {
                    match skip_attributes(text, i, self.state) {
                        Ok((gt, self_closing)) => {
                            self.start_tag.self_closing = self_closing;
                            i = gt;
                            if let Some(fed) = self.emit(i, tree) {
                                return fed;
                            }
                        }
                        Err((at, state)) => {
                            self.state = state;
                            i = at;
                            continue;
                        }
                    }
                }
                State::BeforeAttributeName => match b {
                    _ if is_space(b) => {}
                    b'/' | b'>' => {
                        self.state = State::AfterAttributeName;
                        continue;
                    }
                    b'=' => {
                        self.new_attribute();
                        self.attribute_name.push(b);
                        self.state = State::AttributeName;
                    }
                    _ => {
                        self.new_attribute();
                        self.state = State::AttributeName;
                        continue;
                    }
                },
                State::AttributeName => {
                    let stop = find_any(
                        text,
                        i,
                        [b'\t', b'\n', b'\x0C', b'\r', b' ', b'/', b'>', b'='],
                    )
                    .unwrap_or(text.len());
                    if !self.end_tag {
                        for &c in &text[i..stop] {
                            if c == 0 {
                                REPLACEMENT
                                    .iter()
                                    .for_each(|&r| self.attribute_name.push(r));
                            } else {
                                self.attribute_name.push(c.to_ascii_lowercase());
                            }
                        }
                    }
                    i = stop;
                    let Some(&c) = text.get(i) else { break };
                    self.attribute_name_done();
                    if c == b'=' {
                        self.state = State::BeforeAttributeValue;
                    } else {
                        self.state = State::AfterAttributeName;
                        continue;
                    }
                }
                State::AfterAttributeName => match b {
                    _ if is_space(b) => {}
                    b'/' => self.state = State::SelfClosingStartTag,
                    b'=' => self.state = State::BeforeAttributeValue,
                    b'>' => {
                        if let Some(fed) = self.emit(i, tree) {
                            return fed;
                        }
                    }
                    _ => {
                        self.new_attribute();
                        self.state = State::AttributeName;
                        continue;
                    }
                },
                State::BeforeAttributeValue => match b {
                    _ if is_space(b) => {}
                    b'"' => self.state = State::AttributeValueDoubleQuoted,
                    b'\'' => self.state = State::AttributeValueSingleQuoted,
                    b'>' => {
                        if let Some(fed) = self.emit(i, tree) {
                            return fed;
                        }
                    }
                    _ => {
                        self.state = State::AttributeValueUnquoted;
                        continue;
                    }
                },
                State::AttributeValueDoubleQuoted | State::AttributeValueSingleQuoted => {
                    let quote = if self.state == State::AttributeValueDoubleQuoted {
                        b'"'
                    } else {
                        b'\''
                    };
                    if self.attribute.is_none() {
                        match find(text, i, quote) {
                            Some(at) => {
                                i = at + 1;
                                self.state = State::AfterAttributeValueQuoted;
                            }
                            None => i = text.len(),
                        }
                        continue;
                    }
                    match b {
                        _ if b == quote => self.state = State::AfterAttributeValueQuoted,
                        b'&' => self.start_reference(ReturnTo::Value(self.state)),
                        _ => self.value_push(b),
                    }
                }
                State::AttributeValueUnquoted if self.attribute.is_none() => {
                    match find_any(text, i, [b'\t', b'\n', b'\x0C', b'\r', b' ', b'>']) {
                        Some(at) => {
                            i = at;
                            self.state = State::BeforeAttributeName;
                            if text[at] == b'>' {
                                if let Some(fed) = self.emit(at, tree) {
                                    return fed;
                                }
                            }
                        }
                        None => i = text.len(),
                    }
                }
                State::AttributeValueUnquoted => match b {
                    _ if is_space(b) => self.state = State::BeforeAttributeName,
                    b'&' if self.attribute.is_some() => {
                        self.start_reference(ReturnTo::Value(self.state))
                    }
                    b'>' => {
                        if let Some(fed) = self.emit(i, tree) {
                            return fed;
                        }
                    }
                    _ => self.value_push(b),
                },
                State::AfterAttributeValueQuoted => match b {
                    _ if is_space(b) => self.state = State::BeforeAttributeName,
                    b'/' => self.state = State::SelfClosingStartTag,
                    b'>' => {
                        if let Some(fed) = self.emit(i, tree) {
                            return fed;
                        }
                    }
                    _ => {
                        self.state = State::BeforeAttributeName;
                        continue;
                    }
                },
                State::SelfClosingStartTag => {
                    if b == b'>' {
                        self.start_tag.self_closing = true;
                        if let Some(fed) = self.emit(i, tree) {
                            return fed;
                        }
                    } else {
                        self.state = State::BeforeAttributeName;
                        continue;
                    }
                }
                State::BogusComment => match find(text, i, b'>') {
                    Some(at) => {
                        i = at + 1;
                        self.state = State::Data;
                        continue;
                    }
                    None => i = text.len(),
                },
                State::MarkupDeclarationOpen => {
                    if let Some(slot) = self.lookahead.get_mut(self.lookahead_len) {
                        *slot = b;
                    }
                    self.lookahead_len += 1;
                    let seen = &self.lookahead[..self.lookahead_len.min(7)];
                    if seen == b"--" {
                        self.state = State::CommentStart;
                    } else if seen.eq_ignore_ascii_case(&b"doctype"[..seen.len()]) {
                        if seen.len() == 7 {
                            self.state = State::Doctype;
                        }
                    } else if seen == &b"[CDATA["[..seen.len()] {
                        if seen.len() == 7 {
                            // If there is an adjusted current node and it is not an element
                            // in the HTML namespace, then switch to the CDATA section state.
                            // Otherwise, this is a cdata-in-html-content parse error: a
                            // comment, in the bogus comment state.
                            self.state = if tree.cdata_allowed() {
                                State::CdataSection
                            } else {
                                State::BogusComment
                            };
                        }
                    } else if seen != b"-" {
                        // Anything else: the bogus comment state, where this character (the
                        // others before it were none of `>`) is consumed.
                        self.state = State::BogusComment;
                        continue;
                    }
                }
                State::CommentStart | State::CommentStartDash => match b {
                    b'-' => {
                        self.state = if self.state == State::CommentStart {
                            State::CommentStartDash
                        } else {
                            State::CommentEnd
                        };
                    }
                    b'>' => self.state = State::Data,
                    _ => {
                        self.state = State::Comment;
                        continue;
                    }
                },
                State::Comment => match find(text, i, b'-') {
                    Some(at) => {
                        i = at + 1;
                        self.state = State::CommentEndDash;
                        continue;
                    }
                    None => i = text.len(),
                },
                State::CommentEndDash => {
                    if b == b'-' {
                        self.state = State::CommentEnd;
                    } else {
                        self.state = State::Comment;
                        continue;
                    }
                }
                State::CommentEnd => match b {
                    b'>' => self.state = State::Data,
                    b'!' => self.state = State::CommentEndBang,
                    b'-' => {}
                    _ => {
                        self.state = State::Comment;
                        continue;
                    }
                },
                State::CommentEndBang => match b {
                    b'-' => self.state = State::CommentEndDash,
                    b'>' => self.state = State::Data,
                    _ => {
                        self.state = State::Comment;
                        continue;
                    }
                },
                State::Doctype => match find(text, i, b'>') {
                    Some(at) => {
                        i = at + 1;
                        self.state = State::Data;
                        continue;
                    }
                    None => i = text.len(),
                },
                State::CdataSection => match find(text, i, b']') {
                    Some(at) => {
                        if tree.text_matters() {
                            text[i..at].iter().for_each(|&c| tree.character(c));
                        }
                        i = at + 1;
                        self.state = State::CdataSectionBracket;
                        continue;
                    }
                    None => {
                        if tree.text_matters() {
                            text[i..].iter().for_each(|&c| tree.character(c));
                        }
                        i = text.len();
                    }
                },
                State::CdataSectionBracket => {
                    if b == b']' {
                        self.state = State::CdataSectionEnd;
                    } else {
                        if tree.text_matters() {
                            tree.character(b']');
                        }
                        self.state = State::CdataSection;
                        continue;
                    }
                }
                State::CdataSectionEnd => match b {
                    b']' => {
                        if tree.text_matters() {
                            tree.character(b']');
                        }
                    }
                    b'>' => self.state = State::Data,
                    _ => {
                        if tree.text_matters() {
                            tree.character(b']');
                        }
                        self.state = State::CdataSection;
                        continue;
                    }
                },
                State::CharacterReference => match b {
                    _ if b.is_ascii_alphanumeric() => {
                        self.reference_len = 0;
                        self.state = State::NamedCharacterReference;
                        continue;
                    }
                    b'#' => {
                        self.code = Some(0);
                        self.state = State::NumericCharacterReference;
                    }
                    _ => {
                        self.reference_out(b"&", tree);
                        self.state = self.return_state();
                        continue;
                    }
                },
                State::NamedCharacterReference => {
                    let full = self.reference_len == self.reference.len();
                    if !full && (b.is_ascii_alphanumeric() || b == b';') {
                        self.reference[self.reference_len] = b;
                        self.reference_len += 1;
                        i += 1;
                        if b != b';' {
                            continue;
                        }
                        self.named_reference(None, tree);
                    } else {
                        self.named_reference(Some(b), tree);
                    }
                    self.state = self.return_state();
                    continue;
                }
                State::NumericCharacterReference => {
                    if b == b'x' || b == b'X' {
                        self.state = State::HexadecimalCharacterReferenceStart;
                    } else {
                        self.state = State::DecimalCharacterReferenceStart;
                        continue;
                    }
                }
                State::HexadecimalCharacterReferenceStart
                | State::DecimalCharacterReferenceStart => {
                    let hex = self.state == State::HexadecimalCharacterReferenceStart;
                    let digit = if hex {
                        b.is_ascii_hexdigit()
                    } else {
                        b.is_ascii_digit()
                    };
                    if digit {
                        self.state = if hex {
                            State::HexadecimalCharacterReference
                        } else {
                            State::DecimalCharacterReference
                        };
                    } else {
                        // Absence of digits: flush the code points consumed as a character
                        // reference.
                        self.reference_out(if hex { b"&#x" } else { b"&#" }, tree);
                        self.state = self.return_state();
                    }
                    continue;
                }
                State::HexadecimalCharacterReference | State::DecimalCharacterReference => {
                    let (base, digit) = if self.state == State::HexadecimalCharacterReference {
                        (16, (b as char).to_digit(16))
                    } else {
                        (10, (b as char).to_digit(10))
                    };
                    match digit {
                        Some(digit) => {
                            self.code = self
                                .code
                                .and_then(|code| code.checked_mul(base))
                                .and_then(|code| code.checked_add(digit))
                                .filter(|&code| code <= 0x10FFFF);
                        }
                        _ => {
                            // The numeric character reference end state; a `;` is consumed.
                            let mut utf8 = [0; 4];
                            let c = char_ref::numeric(self.code);
                            self.reference_out(c.encode_utf8(&mut utf8).as_bytes(), tree);
                            self.state = self.return_state();
                            if b != b';' {
                                continue;
                            }
                        }
                    }
                }
            }
            i += 1;
        }
        Fed::Done
    }

    /// Whether a rule reads this tag's attributes: a start tag `meta`, `font`, `input` or
    /// `annotation-xml`.
    #[inline]
    fn reads_attributes(&self) -> bool {
        !self.end_tag
            && matches!(
                self.start_tag.tag(),
                Some(Tag::Meta | Tag::Font | Tag::Input | Tag::AnnotationXml)
            )
    }

    /// The `<` at `at` of the data state: the tag open state.
    #[inline]
    fn open_tag(&mut self, at: usize) {
        self.tag_start = self.offset + at as u64;
        self.state = State::TagOpen;
    }

    fn new_tag(&mut self, end: bool) {
        self.end_tag = end;
        self.name.clear();
        // The values are cleared when their attribute begins (`attribute_name_done`): a rule
        // reads one only where `present` says the tag has it.
        let tag = &mut self.start_tag;
        tag.name = None;
        tag.self_closing = false;
        tag.present = 0;
        self.attribute = None;
    }

    /// The tag name is complete.
    fn name_done(&mut self) {
        if self.start_tag.name.is_none() {
            self.start_tag.name = Some(self.name.name());
        }
    }

    fn new_attribute(&mut self) {
        self.name_done();
        self.attribute = None;
        self.attribute_name = Word::default();
    }

    /// The attribute's name is complete: a rule reads its value if it is one of the tag's
    /// attributes of interest, and its first.
    fn attribute_name_done(&mut self) {
        if self.end_tag {
            return;
        }
        let name = &self.attribute_name;
        let interest = match self.start_tag.tag() {
            Some(Tag::Meta) if name.is(b"charset") => Some(Interest::Charset),
            Some(Tag::Meta) if name.is(b"http-equiv") => Some(Interest::HttpEquiv),
            Some(Tag::Meta) if name.is(b"content") => Some(Interest::Content),
            Some(Tag::Font) if name.is(b"color") || name.is(b"face") || name.is(b"size") => {
                Some(Interest::Color)
            }
            Some(Tag::Input) if name.is(b"type") => Some(Interest::Type),
            Some(Tag::AnnotationXml) if name.is(b"encoding") => Some(Interest::Encoding),
            _ => None,
        };
        // A repeated attribute is removed from the token: only the first counts.
        self.attribute = interest.filter(|interest| !self.start_tag.has(*interest));
        if let Some(interest) = self.attribute {
            let tag = &mut self.start_tag;
            tag.present |= interest.bit();
            match interest {
                Interest::Charset => tag.charset = Label::default(),
                Interest::HttpEquiv => tag.http_equiv = Word::default(),
                Interest::Content => tag.content = Extraction::default(),
                Interest::Type | Interest::Encoding => tag.word = Word::default(),
                Interest::Color => {}
            }
        }
    }

    /// A character of the value of the attribute being read.
    #[inline]
    fn value_push(&mut self, b: u8) {
        let tag = &mut self.start_tag;
        match self.attribute {
            None | Some(Interest::Color) => {}
            Some(Interest::Charset) => tag.charset.push(if b == 0 { 0xFF } else { b }),
            Some(Interest::HttpEquiv) => tag.http_equiv.push(b),
            Some(Interest::Content) => tag.content.push(b),
            Some(Interest::Type | Interest::Encoding) => tag.word.push(b),
        }
    }

    fn start_buffer(&mut self) {
        self.buffer_len = 0;
        self.buffer_mismatch = false;
    }

    /// A letter of the temporary buffer, compared with the appropriate end tag's name (or
    /// "script" in the double escape states, which is the same while in script data).
    fn buffer_push(&mut self, b: u8) {
        let expected = match self.state {
            State::ScriptDataDoubleEscapeStart | State::ScriptDataDoubleEscapeEnd => b"script",
            _ => self.appropriate,
        };
        if expected.get(self.buffer_len) != Some(&b.to_ascii_lowercase()) {
            self.buffer_mismatch = true;
        }
        self.buffer_len = self.buffer_len.saturating_add(1);
    }

    fn start_reference(&mut self, to: ReturnTo) {
        self.return_to = to;
        self.state = State::CharacterReference;
    }

    fn return_state(&self) -> State {
        match self.return_to {
            ReturnTo::Value(state) => state,
            ReturnTo::Text => State::Data,
        }
    }

    /// Characters that a character reference (or what was taken for one) stands for.
    fn reference_out(&mut self, chars: &[u8], tree: &mut Tree) {
        match self.return_to {
            ReturnTo::Value(_) => chars.iter().for_each(|&c| self.value_push(c)),
            ReturnTo::Text => chars.iter().for_each(|&c| tree.character(c)),
        }
    }

    /// The named character reference state's end, `next` being the character after the
    /// name's characters (None after a `;`), which is then reconsumed.
    fn named_reference(&mut self, next: Option<u8>, tree: &mut Tree) {
        let in_attribute = matches!(self.return_to, ReturnTo::Value(_));
        let name = self.reference;
        let name = &name[..self.reference_len];
        match char_ref::named(name, next, in_attribute) {
            Named::Characters { text, consumed } => {
                self.reference_out(text.as_bytes(), tree);
                self.reference_out(&name[consumed..], tree);
            }
            // Flush the `&`; the ambiguous ampersand state takes the alphanumerics (and a
            // `;` goes back to the return state) as ordinary characters.
            Named::Literal => {
                self.reference_out(b"&", tree);
                self.reference_out(name, tree);
            }
        }
    }

    /// Emits the tag whose `>` is at `at`; `Some` when the tokenizer is to stop.
    fn emit(&mut self, at: usize, tree: &mut Tree) -> Option<Fed> {
        self.name_done();
        self.state = State::Data;
        let name = self.start_tag.name.unwrap_or(Name::Other(0));
        if self.end_tag {
            tree.end_tag(name);
            return None;
        }
        let (switch, declared) = tree.start_tag(&self.start_tag);
        self.state = match switch {
            Switch::Data => State::Data,
            Switch::Rcdata(name) => {
                self.appropriate = name;
                State::Rcdata
            }
            Switch::Rawtext(name) => {
                self.appropriate = name;
                State::Rawtext
            }
            Switch::ScriptData => {
                self.appropriate = b"script";
                State::ScriptData
            }
            Switch::Plaintext => State::Plaintext,
        };
        declared.map(|encoding| Fed::Meta {
            encoding,
            start: self.tag_start,
            gt: self.offset + at as u64,
            end: at + 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The attribute states as the standard writes them, a character at a time (a character
    /// reference in a value never consumes a quote, whitespace or `>`): a literal model of
    /// what [`skip_attributes`] returns.
    fn attribute_states(
        text: &[u8],
        mut i: usize,
        mut state: State,
    ) -> Result<(usize, bool), (usize, State)> {
        use State::*;
        loop {
            let Some(&c) = text.get(i) else {
                return Err((i, state));
            };
            let space = matches!(c, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
            match (state, c) {
                (BeforeAttributeName, _) if space => i += 1,
                (BeforeAttributeName, b'/' | b'>') => state = AfterAttributeName,
                (BeforeAttributeName, b'=') => (state, i) = (AttributeName, i + 1),
                (BeforeAttributeName, _) => state = AttributeName,
                (AttributeName, b'/' | b'>') => state = AfterAttributeName,
                (AttributeName, _) if space => state = AfterAttributeName,
                (AttributeName, b'=') => (state, i) = (BeforeAttributeValue, i + 1),
                (AttributeName, _) => i += 1,
                (AfterAttributeName, _) if space => i += 1,
                (AfterAttributeName, b'/') => (state, i) = (SelfClosingStartTag, i + 1),
                (AfterAttributeName, b'=') => (state, i) = (BeforeAttributeValue, i + 1),
                (AfterAttributeName, b'>') => return Ok((i, false)),
                (AfterAttributeName, _) => state = AttributeName,
                (BeforeAttributeValue, _) if space => i += 1,
                (BeforeAttributeValue, b'"') => (state, i) = (AttributeValueDoubleQuoted, i + 1),
                (BeforeAttributeValue, b'\'') => (state, i) = (AttributeValueSingleQuoted, i + 1),
                (BeforeAttributeValue, b'>') => return Ok((i, false)),
                (BeforeAttributeValue, _) => state = AttributeValueUnquoted,
                (AttributeValueDoubleQuoted, b'"') | (AttributeValueSingleQuoted, b'\'') => {
                    (state, i) = (AfterAttributeValueQuoted, i + 1)
                }
                (AttributeValueDoubleQuoted | AttributeValueSingleQuoted, _) => i += 1,
                (AttributeValueUnquoted, _) if space => (state, i) = (BeforeAttributeName, i + 1),
                (AttributeValueUnquoted, b'>') => return Ok((i, false)),
                (AttributeValueUnquoted, _) => i += 1,
                (AfterAttributeValueQuoted, _) if space => {
                    (state, i) = (BeforeAttributeName, i + 1)
                }
                (AfterAttributeValueQuoted, b'/') => (state, i) = (SelfClosingStartTag, i + 1),
                (AfterAttributeValueQuoted, b'>') => return Ok((i, false)),
                (AfterAttributeValueQuoted, _) => state = BeforeAttributeName,
                (_, b'>') => return Ok((i, true)),
                (_, _) => state = BeforeAttributeName,
            }
        }
    }

    const STATES: [State; 9] = [
        State::BeforeAttributeName,
        State::AttributeName,
        State::AfterAttributeName,
        State::BeforeAttributeValue,
        State::AttributeValueDoubleQuoted,
        State::AttributeValueSingleQuoted,
        State::AttributeValueUnquoted,
        State::AfterAttributeValueQuoted,
        State::SelfClosingStartTag,
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5000))]

        /// From any of the attribute states, anywhere in text of the characters that matter
        /// to them, the attributes end where the model's do, or the text ends in its state.
        #[test]
        fn the_attributes_end_as_the_states_say(
            text in prop::collection::vec(
                prop::sample::select(&b"\t\n\x0C\r /=>\"'aZ&\0\xC3\xA9"[..]), 0..40),
            from in any::<prop::sample::Index>(),
            state in prop::sample::select(&STATES[..]),
        ) {
            let from = from.index(text.len() + 1);
            prop_assert_eq!(
                skip_attributes(&text, from, state),
                attribute_states(&text, from, state)
            );
        }
    }
}
