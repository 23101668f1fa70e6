//! HTML Standard, 13.2.6 "Tree construction", as far as it decides whether a `meta` start tag
//! reaches the "in head" rules (13.2.6.4.4), and which tokenizer state a start tag switches
//! to: the insertion modes that tell those apart, the stack of open elements (the elements'
//! namespaces and names, for foreign content and for what end tags close), the stack of
//! template insertion modes, and the frameset-ok flag. No DOM is built.
//!
//! The modes that hand a `meta` start tag to "in body" (text, in table, in table text, in
//! caption, in column group, in table body, in row, in cell, after body, after after body) are
//! one mode here, [`Mode::InBody`]: for every start tag the tokenizer's switch is the same in
//! them, and none ignores a `meta`. What this model leaves out:
//!
//! - the list of active formatting elements: the adoption agency algorithm (an end tag of a
//!   formatting element is handled as "any other end tag") and reconstructing the active
//!   formatting elements (which only pushes HTML elements);
//! - the implied closing of table parts, rows and cells, and of `option`, `rb`, `rt` and
//!   their kin by a start tag of their own kind: a table part stays on the stack until an end
//!   tag closes it;
//! - quirks mode (in it a `table` start tag does not close a `p`);
//! - nesting past [`DEPTH`] open elements, or [`TEMPLATES`] open templates: deeper elements
//!   are counted, not kept, and each is taken for an ordinary HTML element with a name of its
//!   own.

use super::names::{Name, Tag};
use super::start_tag::{Interest, StartTag};
use crate::encoding::Encoding;

/// The most open elements kept (more are counted).
pub(super) const DEPTH: usize = 256;

/// The most open templates whose insertion modes are kept (more are counted).
pub(super) const TEMPLATES: usize = 64;

/// Which tokenizer state a start tag switches to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Switch {
    Data,
    /// RCDATA, until the end tag with this name.
    Rcdata(&'static [u8]),
    /// RAWTEXT, until the end tag with this name.
    Rawtext(&'static [u8]),
    ScriptData,
    Plaintext,
}

/// The insertion mode (13.2.4.1), the modes that treat a `meta` alike being one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// "initial", "before html", "before head": no head element yet.
    BeforeHead,
    InHead,
    InHeadNoscript,
    AfterHead,
    InBody,
    /// "in template": the mode on top of the stack of template insertion modes decides.
    InTemplate,
    InFrameset,
    AfterFrameset,
    AfterAfterFrameset,
}

/// A template's insertion mode, as far as it matters here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TemplateMode {
    /// "in template": no start tag has chosen yet.
    InTemplate,
    /// "in column group" with the template as the current node: every start tag but `col`
    /// and `template` is ignored, a `meta` too.
    ColumnGroup,
    /// "in table", "in table body", "in row" or "in body": as [`Mode::InBody`].
    Body,
}

/// An element's namespace, and whether it is an integration point (13.2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Html,
    Svg,
    MathMl,
    /// SVG `foreignObject`, `desc`, `title`; MathML `annotation-xml` with an HTML encoding.
    HtmlIntegrationPoint,
    /// MathML `mi`, `mo`, `mn`, `ms`, `mtext`.
    MathMlTextIntegrationPoint,
    /// MathML `annotation-xml` otherwise.
    AnnotationXml,
}

impl Kind {
    fn is_html(self) -> bool {
        self == Kind::Html
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Element {
    name: Name,
    kind: Kind,
}

impl Element {
    fn html(tag: Tag) -> Element {
        Element {
            name: Name::Known(tag),
            kind: Kind::Html,
        }
    }

    fn is(&self, tag: Tag) -> bool {
        self.kind.is_html() && self.name == Name::Known(tag)
    }

    fn tag(&self) -> Option<Tag> {
        match self.name {
            Name::Known(tag) => Some(tag),
            Name::Other(_) => None,
        }
    }

    /// 13.2.4.3, the special category.
    fn is_special(&self) -> bool {
        match self.kind {
            Kind::Html => self.tag().is_some_and(Tag::is_special_html),
            Kind::Svg => false,
            Kind::MathMl => false,
            // foreignObject, desc, title; mi, mo, mn, ms, mtext, annotation-xml.
            _ => true,
        }
    }

    /// Whether "has an element in scope" stops at this element (13.2.4.2).
    fn is_scope_boundary(&self) -> bool {
        match self.kind {
            Kind::Html => self.tag().is_some_and(Tag::is_scope_boundary_html),
            Kind::Svg | Kind::MathMl => false,
            _ => true,
        }
    }
}

/// The tree construction's state.
#[derive(Clone, Debug)]
pub(super) struct Tree {
    mode: Mode,
    /// The scripting flag (13.2.4.5).
    scripting: bool,
    frameset_ok: bool,
    stack: [Element; DEPTH],
    len: usize,
    /// Open elements past [`DEPTH`].
    deeper: usize,
    templates: [TemplateMode; TEMPLATES],
    templates_len: usize,
    /// Open templates past [`TEMPLATES`].
    templates_deeper: usize,
    /// Whether a head element was inserted (the head element pointer is not null).
    head: bool,
}

impl Tree {
    pub(super) fn new(scripting: bool) -> Tree {
        Tree {
            mode: Mode::BeforeHead,
            scripting,
            frameset_ok: true,
            stack: [Element::html(Tag::Html); DEPTH],
            len: 0,
            deeper: 0,
            templates: [TemplateMode::InTemplate; TEMPLATES],
            templates_len: 0,
            templates_deeper: 0,
            head: false,
        }
    }

    // The stack of open elements.

    fn current(&self) -> Option<&Element> {
        if self.deeper > 0 {
            return None;
        }
        self.stack.get(..self.len)?.last()
    }

    /// Whether the current node is an HTML element (elements past the bound are taken for
    /// HTML elements).
    fn current_is_html(&self) -> bool {
        self.current().is_none_or(|node| node.kind.is_html())
    }

    fn push(&mut self, element: Element) {
        match self.stack.get_mut(self.len) {
            Some(slot) if self.deeper == 0 => {
                *slot = element;
                self.len += 1;
            }
            _ => self.deeper += 1,
        }
    }

    fn pop(&mut self) {
        if self.deeper > 0 {
            self.deeper -= 1;
        } else if self.len > 0 {
            if self.stack[self.len - 1].is(Tag::Template) {
                self.pop_template_mode();
            }
            self.len -= 1;
        }
    }

    /// Pops elements until one that `is` has been popped (the kept stack's index `at`).
    fn pop_to(&mut self, at: usize) {
        self.deeper = 0;
        while self.len > at {
            self.pop();
        }
    }

    /// Where the topmost kept element that `matches` is, searching from the current node down
    /// and stopping (None) at one that `stops`.
    fn find(
        &self,
        matches: impl Fn(&Element) -> bool,
        stops: impl Fn(&Element) -> bool,
    ) -> Option<usize> {
        let kept = self.stack.get(..self.len)?;
        for (at, node) in kept.iter().enumerate().rev() {
            if matches(node) {
                return Some(at);
            }
            if stops(node) {
                return None;
            }
        }
        None
    }

    /// "Has an element in scope" for `tag` (with `extra` boundaries for button and list item
    /// scope): where it is.
    fn in_scope(&self, tag: Tag, extra: &[Tag]) -> Option<usize> {
        self.find(
            |node| node.is(tag),
            |node| node.is_scope_boundary() || extra.iter().any(|&t| node.is(t)),
        )
    }

    /// "Has an element in table scope".
    fn in_table_scope(&self, tag: Tag) -> Option<usize> {
        self.find(
            |node| node.is(tag),
            |node| node.is(Tag::Html) || node.is(Tag::Table) || node.is(Tag::Template),
        )
    }

    /// "Close a p element" if a `p` is in button scope.
    fn close_p(&mut self) {
        if let Some(at) = self.in_scope(Tag::P, &[Tag::Button]) {
            self.pop_to(at);
        }
    }

    // The stack of template insertion modes.

    fn push_template_mode(&mut self, mode: TemplateMode) {
        match self.templates.get_mut(self.templates_len) {
            Some(slot) if self.templates_deeper == 0 => {
                *slot = mode;
                self.templates_len += 1;
            }
            _ => self.templates_deeper += 1,
        }
    }

    fn pop_template_mode(&mut self) {
        if self.templates_deeper > 0 {
            self.templates_deeper -= 1;
        } else {
            self.templates_len = self.templates_len.saturating_sub(1);
        }
    }

    fn template_mode(&self) -> TemplateMode {
        if self.templates_deeper > 0 {
            return TemplateMode::Body;
        }
        self.templates
            .get(..self.templates_len)
            .and_then(<[TemplateMode]>::last)
            .copied()
            .unwrap_or(TemplateMode::Body)
    }

    fn set_template_mode(&mut self, mode: TemplateMode) {
        if self.templates_deeper == 0 {
            if let Some(top) = self
                .templates_len
                .checked_sub(1)
                .and_then(|top| self.templates.get_mut(top))
            {
                *top = mode;
            }
        }
    }

    /// 13.2.4.1, "reset the insertion mode appropriately".
    fn reset_the_insertion_mode(&mut self) {
        let kept = self.stack.get(..self.len).unwrap_or_default();
        for node in kept.iter().rev() {
            if !node.kind.is_html() {
                continue;
            }
            self.mode = match node.tag() {
                Some(Tag::Template) => Mode::InTemplate,
                Some(Tag::Head) => Mode::InHead,
                Some(Tag::Frameset) => Mode::InFrameset,
                Some(Tag::Html) if self.head => Mode::AfterHead,
                Some(Tag::Html) => Mode::BeforeHead,
                Some(
                    Tag::Body
                    | Tag::Td
                    | Tag::Th
                    | Tag::Tr
                    | Tag::Tbody
                    | Tag::Thead
                    | Tag::Tfoot
                    | Tag::Caption
                    | Tag::Colgroup
                    | Tag::Table,
                ) => Mode::InBody,
                _ => continue,
            };
            return;
        }
        self.mode = Mode::InBody;
    }

    // Tokens.

    /// Whether text can change anything now: before the body (where it ends the head), and
    /// in the body while a `frameset` could still replace it.
    pub(super) fn text_matters(&self) -> bool {
        match self.mode {
            Mode::BeforeHead | Mode::InHead | Mode::InHeadNoscript | Mode::AfterHead => true,
            Mode::InBody | Mode::InTemplate => self.frameset_ok,
            Mode::InFrameset | Mode::AfterFrameset | Mode::AfterAfterFrameset => false,
        }
    }

    /// A character of text (a byte of its UTF-8).
    pub(super) fn character(&mut self, b: u8) {
        if matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ') {
            return;
        }
        match self.mode {
            Mode::BeforeHead | Mode::InHead | Mode::InHeadNoscript | Mode::AfterHead => {
                // "Anything else" in each, down to "in body".
                self.implied_head_and_body();
                self.characters_in_body(b);
            }
            Mode::InBody | Mode::InTemplate => {
                if self.mode == Mode::InTemplate
                    && self.template_mode() == TemplateMode::ColumnGroup
                {
                    return;
                }
                self.characters_in_body(b);
            }
            Mode::InFrameset | Mode::AfterFrameset | Mode::AfterAfterFrameset => {}
        }
    }

    fn characters_in_body(&mut self, b: u8) {
        // In body, a NULL is ignored; in foreign content any other character clears the
        // flag too.
        if b != 0 || !self.current_is_html() {
            self.frameset_ok = false;
        }
    }

    /// What "anything else" does in the modes before the body: a head element if there is
    /// none, then a body element.
    fn implied_head_and_body(&mut self) {
        if self.mode == Mode::BeforeHead {
            self.insert_head();
        }
        if self.mode == Mode::InHeadNoscript {
            self.pop();
            self.mode = Mode::InHead;
        }
        if self.mode == Mode::InHead {
            self.pop();
            self.mode = Mode::AfterHead;
        }
        if self.mode == Mode::AfterHead {
            self.push(Element::html(Tag::Body));
            self.mode = Mode::InBody;
        }
    }

    fn insert_head(&mut self) {
        if self.len == 0 && self.deeper == 0 {
            self.push(Element::html(Tag::Html));
        }
        self.push(Element::html(Tag::Head));
        self.head = true;
        self.mode = Mode::InHead;
    }

    /// Whether the CDATA section state is open to the tokenizer: the adjusted current node is
    /// not an HTML element.
    pub(super) fn cdata_allowed(&self) -> bool {
        !self.current_is_html()
    }

    /// 13.2.6, the tree construction dispatcher: whether a token goes to the rules for
    /// foreign content (13.2.6.5).
    fn in_foreign_content(&self, start_tag: Option<(Tag, &StartTag)>, end_tag: bool) -> bool {
        let Some(node) = self.current() else {
            return false;
        };
        match node.kind {
            Kind::Html => false,
            Kind::MathMlTextIntegrationPoint => match start_tag {
                Some((Tag::Mglyph | Tag::Malignmark, _)) => true,
                Some(_) => false,
                None => end_tag,
            },
            Kind::AnnotationXml => !matches!(start_tag, Some((Tag::Svg, _))),
            Kind::HtmlIntegrationPoint => end_tag,
            Kind::Svg | Kind::MathMl => true,
        }
    }

    /// A start tag. Returns the tokenizer's switch and, for a `meta` that the "in head" rules
    /// process, the encoding it declares.
    pub(super) fn start_tag(&mut self, tag: &StartTag) -> (Switch, Option<&'static Encoding>) {
        let known = tag.tag();
        // (An unknown tag name is no rule's: taken as `Tag::Html`'s opposite below.)
        let foreign = self.in_foreign_content(known.map(|t| (t, tag)).or(None), false)
            || (known.is_none() && !self.current_is_html() && {
                // An unknown start tag at an integration point is HTML content's.
                let node = self.current();
                !node.is_some_and(|n| {
                    matches!(
                        n.kind,
                        Kind::HtmlIntegrationPoint | Kind::MathMlTextIntegrationPoint
                    )
                })
            });
        if foreign {
            let breaks_out = known.is_some_and(|t| {
                t.breaks_out_of_foreign_content() || (t == Tag::Font && tag.has(Interest::Color))
            });
            if !breaks_out {
                self.insert_foreign(tag);
                return (Switch::Data, None);
            }
            // Pop until the current node is a MathML text integration point, an HTML
            // integration point, or an HTML element; then HTML content's rules.
            while self.current().is_some_and(|node| {
                !matches!(
                    node.kind,
                    Kind::Html | Kind::HtmlIntegrationPoint | Kind::MathMlTextIntegrationPoint
                )
            }) {
                self.pop();
            }
        }
        self.start_tag_in_html(known, tag)
    }

    /// "Insert a foreign element" in the adjusted current node's namespace; a self-closing
    /// one is popped at once.
    fn insert_foreign(&mut self, tag: &StartTag) {
        let svg = self.current().is_some_and(|node| {
            matches!(node.kind, Kind::Svg | Kind::HtmlIntegrationPoint)
                && !matches!(node.tag(), Some(Tag::AnnotationXml))
        });
        self.insert_foreign_in(tag, svg);
    }

    fn insert_foreign_in(&mut self, tag: &StartTag, svg: bool) {
        let name = tag.name.unwrap_or(Name::Other(0));
        let kind = match (svg, tag.tag()) {
            (true, Some(Tag::ForeignObject | Tag::Desc | Tag::Title)) => Kind::HtmlIntegrationPoint,
            (true, _) => Kind::Svg,
            (false, Some(Tag::Mi | Tag::Mo | Tag::Mn | Tag::Ms | Tag::Mtext)) => {
                Kind::MathMlTextIntegrationPoint
            }
            (false, Some(Tag::AnnotationXml))
                if tag.word_is(
                    Interest::Encoding,
                    &[b"text/html", b"application/xhtml+xml"],
                ) =>
            {
                Kind::HtmlIntegrationPoint
            }
            (false, Some(Tag::AnnotationXml)) => Kind::AnnotationXml,
            (false, _) => Kind::MathMl,
        };
        if !tag.self_closing {
            self.push(Element { name, kind });
        }
    }

    /// A start tag in HTML content, by the insertion mode.
    fn start_tag_in_html(
        &mut self,
        known: Option<Tag>,
        tag: &StartTag,
    ) -> (Switch, Option<&'static Encoding>) {
        loop {
            match self.mode {
                Mode::BeforeHead => match known {
                    Some(Tag::Html) => {
                        if self.len == 0 {
                            self.push(Element::html(Tag::Html));
                        }
                    }
                    Some(Tag::Head) => {
                        self.insert_head();
                        return (Switch::Data, None);
                    }
                    _ => {
                        self.insert_head();
                        continue;
                    }
                },
                Mode::InHead => match known {
                    Some(Tag::Head) | Some(Tag::Html) => return (Switch::Data, None),
                    Some(t) if t.is_for_head() || t == Tag::Noscript => {
                        return self.in_head(t, tag)
                    }
                    _ => {
                        self.pop();
                        self.mode = Mode::AfterHead;
                        continue;
                    }
                },
                Mode::InHeadNoscript => match known {
                    Some(
                        t @ (Tag::Basefont
                        | Tag::Bgsound
                        | Tag::Link
                        | Tag::Meta
                        | Tag::Noframes
                        | Tag::Style),
                    ) => return self.in_head(t, tag),
                    Some(Tag::Head | Tag::Noscript | Tag::Html) => return (Switch::Data, None),
                    _ => {
                        self.pop();
                        self.mode = Mode::InHead;
                        continue;
                    }
                },
                Mode::AfterHead => match known {
                    Some(Tag::Html | Tag::Head) => return (Switch::Data, None),
                    Some(Tag::Body) => {
                        self.push(Element::html(Tag::Body));
                        self.frameset_ok = false;
                        self.mode = Mode::InBody;
                        return (Switch::Data, None);
                    }
                    Some(Tag::Frameset) => {
                        self.push(Element::html(Tag::Frameset));
                        self.mode = Mode::InFrameset;
                        return (Switch::Data, None);
                    }
                    Some(t) if t.is_for_head() => return self.in_head(t, tag),
                    _ => {
                        self.push(Element::html(Tag::Body));
                        self.mode = Mode::InBody;
                        continue;
                    }
                },
                Mode::InBody => return self.in_body(known, tag),
                Mode::InTemplate => match self.template_mode() {
                    TemplateMode::Body => return self.in_body(known, tag),
                    TemplateMode::ColumnGroup => {
                        return match known {
                            Some(Tag::Template) => self.in_head(Tag::Template, tag),
                            _ => (Switch::Data, None),
                        }
                    }
                    TemplateMode::InTemplate => match known {
                        Some(t) if t.is_for_head() => return self.in_head(t, tag),
                        Some(Tag::Col) => {
                            self.set_template_mode(TemplateMode::ColumnGroup);
                            return (Switch::Data, None);
                        }
                        _ => {
                            self.set_template_mode(TemplateMode::Body);
                            return self.in_body(known, tag);
                        }
                    },
                },
                Mode::InFrameset | Mode::AfterFrameset | Mode::AfterAfterFrameset => {
                    return match known {
                        Some(Tag::Noframes) => self.in_head(Tag::Noframes, tag),
                        Some(Tag::Frameset) if self.mode == Mode::InFrameset => {
                            self.push(Element::html(Tag::Frameset));
                            (Switch::Data, None)
                        }
                        // `frame` is inserted and popped; anything else is ignored, a `meta`
                        // too.
                        _ => (Switch::Data, None),
                    };
                }
            }
            return (Switch::Data, None);
        }
    }

    /// 13.2.6.4.4, the "in head" rules for the start tags they have.
    fn in_head(&mut self, known: Tag, tag: &StartTag) -> (Switch, Option<&'static Encoding>) {
        match known {
            Tag::Meta => (Switch::Data, meta_encoding(tag)),
            Tag::Title => self.text_element(Tag::Title, Switch::Rcdata(b"title")),
            Tag::Noscript if self.scripting => {
                self.text_element(Tag::Noscript, Switch::Rawtext(b"noscript"))
            }
            Tag::Noscript => {
                self.push(Element::html(Tag::Noscript));
                self.mode = Mode::InHeadNoscript;
                (Switch::Data, None)
            }
            Tag::Noframes => self.text_element(Tag::Noframes, Switch::Rawtext(b"noframes")),
            Tag::Style => self.text_element(Tag::Style, Switch::Rawtext(b"style")),
            Tag::Script => self.text_element(Tag::Script, Switch::ScriptData),
            Tag::Template => {
                self.push(Element::html(Tag::Template));
                self.frameset_ok = false;
                self.push_template_mode(TemplateMode::InTemplate);
                self.mode = Mode::InTemplate;
                (Switch::Data, None)
            }
            // base, basefont, bgsound, link: inserted and popped.
            _ => (Switch::Data, None),
        }
    }

    /// The generic raw text and RCDATA element parsing algorithms: the element is the
    /// current node until its end tag, which the tokenizer gives as the next tag.
    fn text_element(&mut self, tag: Tag, switch: Switch) -> (Switch, Option<&'static Encoding>) {
        self.push(Element::html(tag));
        (switch, None)
    }

    /// 13.2.6.4.7, the "in body" rules for start tags.
    fn in_body(
        &mut self,
        known: Option<Tag>,
        tag: &StartTag,
    ) -> (Switch, Option<&'static Encoding>) {
        let Some(known) = known else {
            self.push(Element {
                name: tag.name.unwrap_or(Name::Other(0)),
                kind: Kind::Html,
            });
            return (Switch::Data, None);
        };
        if known.clears_frameset_ok() {
            self.frameset_ok = false;
        }
        if known.closes_p() {
            self.close_p();
        }
        match known {
            Tag::Html | Tag::Head => {}
            t if t.is_for_head() => return self.in_head(t, tag),
            Tag::Body => self.frameset_ok = false,
            Tag::Frameset => {
                let second_is_body = self.len >= 2 && self.stack[1].is(Tag::Body);
                if self.frameset_ok && second_is_body && self.deeper == 0 {
                    self.pop_to(1);
                    self.push(Element::html(Tag::Frameset));
                    self.mode = Mode::InFrameset;
                }
            }
            t if t.closes_p() => self.push(Element::html(t)),
            t if t.is_heading() => {
                self.close_p();
                if self.current().is_some_and(|node| {
                    node.kind.is_html() && node.tag().is_some_and(Tag::is_heading)
                }) {
                    self.pop();
                }
                self.push(Element::html(t));
            }
            Tag::Pre | Tag::Listing | Tag::Form | Tag::Table => {
                self.close_p();
                self.push(Element::html(known));
            }
            Tag::Li | Tag::Dd | Tag::Dt => {
                let closes: &[Tag] = if known == Tag::Li {
                    &[Tag::Li]
                } else {
                    &[Tag::Dd, Tag::Dt]
                };
                let found = self.find(
                    |node| closes.iter().any(|&t| node.is(t)),
                    |node| {
                        node.is_special()
                            && !(node.is(Tag::Address) || node.is(Tag::Div) || node.is(Tag::P))
                    },
                );
                if let Some(at) = found {
                    self.pop_to(at);
                }
                self.close_p();
                self.push(Element::html(known));
            }
            Tag::Plaintext => {
                self.close_p();
                self.push(Element::html(known));
                return (Switch::Plaintext, None);
            }
            Tag::Button => {
                if let Some(at) = self.in_scope(Tag::Button, &[]) {
                    self.pop_to(at);
                }
                self.push(Element::html(known));
            }
            Tag::Select => match self.in_scope(Tag::Select, &[]) {
                Some(at) => self.pop_to(at),
                None => self.push(Element::html(known)),
            },
            Tag::Input => {
                if let Some(at) = self.in_scope(Tag::Select, &[]) {
                    self.pop_to(at);
                }
                if !tag.word_is(Interest::Type, &[b"hidden"]) {
                    self.frameset_ok = false;
                }
            }
            Tag::Hr => self.close_p(),
            Tag::Option | Tag::Optgroup => {
                if self.current().is_some_and(|node| node.is(Tag::Option)) {
                    self.pop();
                }
                self.push(Element::html(known));
            }
            Tag::Textarea => return self.text_element(known, Switch::Rcdata(b"textarea")),
            Tag::Xmp => {
                self.close_p();
                return self.text_element(known, Switch::Rawtext(b"xmp"));
            }
            Tag::Iframe => return self.text_element(known, Switch::Rawtext(b"iframe")),
            Tag::Noembed => return self.text_element(known, Switch::Rawtext(b"noembed")),
            Tag::Noscript if self.scripting => {
                return self.text_element(known, Switch::Rawtext(b"noscript"))
            }
            Tag::Math | Tag::Svg => {
                let mut svg = *tag;
                svg.present = 0;
                self.insert_foreign_in(&svg, known == Tag::Svg);
            }
            t if t.is_table_part() => {
                // Ignored in body; in a table, inserted (see the module's notes).
                if t != Tag::Col && self.in_table_scope(Tag::Table).is_some() {
                    self.push(Element::html(t));
                }
            }
            t if t.is_void() || t == Tag::Frame => {}
            t => self.push(Element::html(t)),
        }
        (Switch::Data, None)
    }

    /// An end tag.
    pub(super) fn end_tag(&mut self, name: Name) {
        let known = match name {
            Name::Known(tag) => Some(tag),
            Name::Other(_) => None,
        };
        // The common case: in the body, the end tag of the current node, an HTML element,
        // which every rule for it pops (but those of body, html, template and br, which
        // have rules of their own).
        if self.mode == Mode::InBody
            && !matches!(known, Some(Tag::Body | Tag::Html | Tag::Template | Tag::Br))
            && self
                .current()
                .is_some_and(|node| node.kind.is_html() && node.name == name)
        {
            self.pop();
            return;
        }
        if self.in_foreign_content(None, true) {
            if matches!(known, Some(Tag::Br | Tag::P)) {
                // As a start tag that breaks out: pop to HTML content, then its rules.
                while self.current().is_some_and(|node| {
                    !matches!(
                        node.kind,
                        Kind::Html | Kind::HtmlIntegrationPoint | Kind::MathMlTextIntegrationPoint
                    )
                }) {
                    self.pop();
                }
            } else {
                // Any other end tag: the nearest element with its name, through foreign
                // elements; at the first HTML element, HTML content's rules.
                let kept = self.stack.get(..self.len).unwrap_or_default();
                for (at, node) in kept.iter().enumerate().rev() {
                    if at == 0 {
                        return;
                    }
                    if node.name == name && !node.kind.is_html() {
                        self.pop_to(at);
                        return;
                    }
                    if node.kind.is_html() {
                        break;
                    }
                }
            }
        }
        self.end_tag_in_html(known, name);
    }

    /// An end tag in HTML content, by the insertion mode.
    fn end_tag_in_html(&mut self, known: Option<Tag>, name: Name) {
        // The end tag of a RCDATA, RAWTEXT or script element ("text" mode, which pops it).
        if self.current().is_some_and(|node| {
            node.kind.is_html()
                && matches!(
                    node.tag(),
                    Some(
                        Tag::Title
                            | Tag::Textarea
                            | Tag::Style
                            | Tag::Script
                            | Tag::Xmp
                            | Tag::Iframe
                            | Tag::Noembed
                            | Tag::Noframes
                    )
                )
                && node.name == name
        }) || (self.scripting
            && self.current().is_some_and(|node| node.is(Tag::Noscript))
            && known == Some(Tag::Noscript))
        {
            self.pop();
            return;
        }
        match self.mode {
            Mode::BeforeHead => {
                if matches!(known, Some(Tag::Head | Tag::Body | Tag::Html | Tag::Br)) {
                    self.insert_head();
                    self.end_tag_in_html(known, name);
                }
            }
            Mode::InHead => match known {
                Some(Tag::Head) => {
                    self.pop();
                    self.mode = Mode::AfterHead;
                }
                Some(Tag::Body | Tag::Html | Tag::Br) => {
                    self.pop();
                    self.mode = Mode::AfterHead;
                    self.end_tag_in_html(known, name);
                }
                Some(Tag::Template) => self.end_template(),
                _ => {}
            },
            Mode::InHeadNoscript => match known {
                Some(Tag::Noscript) => {
                    self.pop();
                    self.mode = Mode::InHead;
                }
                Some(Tag::Br) => {
                    self.pop();
                    self.mode = Mode::InHead;
                    self.end_tag_in_html(known, name);
                }
                _ => {}
            },
            Mode::AfterHead => match known {
                Some(Tag::Template) => self.end_template(),
                Some(Tag::Body | Tag::Html | Tag::Br) => {
                    self.push(Element::html(Tag::Body));
                    self.mode = Mode::InBody;
                    self.end_tag_in_html(known, name);
                }
                _ => {}
            },
            Mode::InBody => self.end_tag_in_body(known, name),
            Mode::InTemplate => match (known, self.template_mode()) {
                (Some(Tag::Template), _) => self.end_template(),
                (_, TemplateMode::Body) => self.end_tag_in_body(known, name),
                _ => {}
            },
            Mode::InFrameset => {
                if known == Some(Tag::Frameset) && self.len > 1 {
                    self.pop();
                    if !self.current().is_some_and(|node| node.is(Tag::Frameset)) {
                        self.mode = Mode::AfterFrameset;
                    }
                }
            }
            Mode::AfterFrameset => {
                if known == Some(Tag::Html) {
                    self.mode = Mode::AfterAfterFrameset;
                }
            }
            Mode::AfterAfterFrameset => {}
        }
    }

    /// "In head", an end tag `template`.
    fn end_template(&mut self) {
        if let Some(at) = self.find(|node| node.is(Tag::Template), |_| false) {
            self.pop_to(at);
            self.reset_the_insertion_mode();
        }
    }

    /// 13.2.6.4.7, the "in body" rules for end tags.
    fn end_tag_in_body(&mut self, known: Option<Tag>, name: Name) {
        let scope_pop = |tree: &mut Tree, tag: Tag, extra: &[Tag]| {
            if let Some(at) = tree.in_scope(tag, extra) {
                tree.pop_to(at);
            }
        };
        match known {
            Some(Tag::Template) => self.end_template(),
            Some(Tag::Body | Tag::Html) => {}
            Some(Tag::P) => scope_pop(self, Tag::P, &[Tag::Button]),
            Some(Tag::Li) => scope_pop(self, Tag::Li, &[Tag::Ol, Tag::Ul]),
            Some(Tag::Br) => self.frameset_ok = false,
            Some(Tag::Form) => scope_pop(self, Tag::Form, &[]),
            Some(t) if t.is_heading() => {
                let found = self.find(
                    |node| node.kind.is_html() && node.tag().is_some_and(Tag::is_heading),
                    Element::is_scope_boundary,
                );
                if let Some(at) = found {
                    self.pop_to(at);
                }
            }
            Some(t) if t.is_block_end() || t == Tag::Dd || t == Tag::Dt => scope_pop(self, t, &[]),
            Some(t) if t.is_table_part() || t == Tag::Table => {
                if let Some(at) = self.in_table_scope(t) {
                    self.pop_to(at);
                }
            }
            _ => {
                // Any other end tag.
                let found = self.find(
                    |node| node.kind.is_html() && node.name == name,
                    Element::is_special,
                );
                if let Some(at) = found {
                    self.pop_to(at);
                }
            }
        }
    }
}

/// 13.2.6.4.4, "in head", a start tag whose tag name is "meta": the encoding that changing
/// the encoding is run with, if any (the confidence being tentative, which is when this
/// module runs).
fn meta_encoding(tag: &StartTag) -> Option<&'static Encoding> {
    // 1. If the element has a charset attribute, and getting an encoding from its value
    //    results in an encoding, …, then change the encoding to the resulting encoding.
    if tag.has(Interest::Charset) {
        if let Some(encoding) = tag.charset.encoding() {
            return Some(encoding);
        }
    }
    // 2. Otherwise, if the element has an http-equiv attribute whose value is an ASCII
    //    case-insensitive match for the string "Content-Type", and the element has a content
    //    attribute, and applying the algorithm for extracting a character encoding from a
    //    meta element to that attribute's value returns an encoding, …, then change the
    //    encoding to the extracted encoding.
    if tag.has(Interest::HttpEquiv)
        && tag.http_equiv.is(b"content-type")
        && tag.has(Interest::Content)
    {
        return tag.content.encoding();
    }
    None
}
