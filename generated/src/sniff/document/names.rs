//! The tag names that the tree construction rules this module follows name, and the HTML
//! Standard's sets of them (13.2.4.3 "the stack of open elements": special, scope; 13.2.6.4.7
//! "in body"; 13.2.6.5 foreign content's breakout list).

/// A tag name, lowercased (the tokenizer lowercases ASCII letters): one the rules name, or
/// any other, kept as a 64-bit hash of its bytes so that end tags can find their element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Name {
    Known(Tag),
    Other(u64),
}

/// The names the rules this module follows tell apart.
#[rustfmt::skip]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub(super) enum Tag {
    A, Address, AnnotationXml, Applet, Area, Article, Aside, B, Base, Basefont, Bgsound, Big,
    Blockquote, Body, Br, Button, Caption, Center, Code, Col, Colgroup, Dd, Desc, Details,
    Dialog, Dir, Div, Dl, Dt, Em, Embed, Fieldset, Figcaption, Figure, Font, Footer,
    ForeignObject, Form, Frame, Frameset, H1, H2, H3, H4, H5, H6, Head, Header, Hgroup, Hr,
    Html, I, Iframe, Image, Img, Input, Keygen, Li, Link, Listing, Main, Malignmark, Marquee,
    Math, Menu, Meta, Mglyph, Mi, Mn, Mo, Ms, Mtext, Nav, Nobr, Noembed, Noframes, Noscript,
    Object, Ol, Optgroup, Option, P, Param, Plaintext, Pre, Rb, Rp, Rt, Rtc, Ruby, S, Script,
    Search, Section, Select, Small, Source, Span, Strike, Strong, Style, Sub, Summary, Sup, Svg,
    Table, Tbody, Td, Template, Textarea, Tfoot, Th, Thead, Title, Tr, Track, Tt, U, Ul, Var,
    Wbr, Xmp,
}

/// The longest name in [`Tag`]: "annotation-xml".
pub(super) const LONGEST: usize = 14;

impl Tag {
    /// The tag for a lowercased name, if the rules name it.
    #[rustfmt::skip]
    pub(super) fn from_name(name: &[u8]) -> Option<Tag> {
        use Tag::*;
        Some(match name {
            b"a" => A, b"address" => Address, b"annotation-xml" => AnnotationXml,
            b"applet" => Applet, b"area" => Area, b"article" => Article, b"aside" => Aside,
            b"b" => B, b"base" => Base, b"basefont" => Basefont, b"bgsound" => Bgsound,
            b"big" => Big, b"blockquote" => Blockquote, b"body" => Body, b"br" => Br,
            b"button" => Button, b"caption" => Caption, b"center" => Center, b"code" => Code,
            b"col" => Col, b"colgroup" => Colgroup, b"dd" => Dd, b"desc" => Desc,
            b"details" => Details, b"dialog" => Dialog, b"dir" => Dir, b"div" => Div,
            b"dl" => Dl, b"dt" => Dt, b"em" => Em, b"embed" => Embed, b"fieldset" => Fieldset,
            b"figcaption" => Figcaption, b"figure" => Figure, b"font" => Font,
            b"footer" => Footer, b"foreignobject" => ForeignObject, b"form" => Form,
            b"frame" => Frame, b"frameset" => Frameset, b"h1" => H1, b"h2" => H2, b"h3" => H3,
            b"h4" => H4, b"h5" => H5, b"h6" => H6, b"head" => Head, b"header" => Header,
            b"hgroup" => Hgroup, b"hr" => Hr, b"html" => Html, b"i" => I, b"iframe" => Iframe,
            b"image" => Image, b"img" => Img, b"input" => Input, b"keygen" => Keygen,
            b"li" => Li, b"link" => Link, b"listing" => Listing, b"main" => Main,
            b"malignmark" => Malignmark, b"marquee" => Marquee, b"math" => Math,
            b"menu" => Menu, b"meta" => Meta, b"mglyph" => Mglyph, b"mi" => Mi, b"mn" => Mn,
            b"mo" => Mo, b"ms" => Ms, b"mtext" => Mtext, b"nav" => Nav, b"nobr" => Nobr,
            b"noembed" => Noembed, b"noframes" => Noframes, b"noscript" => Noscript,
            b"object" => Object, b"ol" => Ol, b"optgroup" => Optgroup, b"option" => Option,
            b"p" => P, b"param" => Param, b"plaintext" => Plaintext, b"pre" => Pre, b"rb" => Rb,
            b"rp" => Rp, b"rt" => Rt, b"rtc" => Rtc, b"ruby" => Ruby, b"s" => S,
            b"script" => Script, b"search" => Search, b"section" => Section,
            b"select" => Select, b"small" => Small, b"source" => Source, b"span" => Span,
            b"strike" => Strike, b"strong" => Strong, b"style" => Style, b"sub" => Sub,
            b"summary" => Summary, b"sup" => Sup, b"svg" => Svg, b"table" => Table,
            b"tbody" => Tbody, b"td" => Td, b"template" => Template, b"textarea" => Textarea,
            b"tfoot" => Tfoot, b"th" => Th, b"thead" => Thead, b"title" => Title, b"tr" => Tr,
            b"track" => Track, b"tt" => Tt, b"u" => U, b"ul" => Ul, b"var" => Var,
            b"wbr" => Wbr, b"xmp" => Xmp,
            _ => return None,
        })
    }

    /// h1 to h6.
    pub(super) fn is_heading(self) -> bool {
        use Tag::*;
        matches!(self, H1 | H2 | H3 | H4 | H5 | H6)
    }

    /// HTML elements that have no end tag (13.1.2 "void elements", and `image`, which "in
    /// body" inserts as `img`; `frame` and `col`, which their modes insert and pop at once).
    #[rustfmt::skip]
    pub(super) fn is_void(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Area | Base | Basefont | Bgsound | Br | Col | Embed | Frame | Hr | Image | Img
            | Input | Keygen | Link | Meta | Param | Source | Track | Wbr
        )
    }

    /// 13.2.4.3: the HTML elements of the special category.
    #[rustfmt::skip]
    pub(super) fn is_special_html(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Address | Applet | Area | Article | Aside | Base | Basefont | Bgsound
            | Blockquote | Body | Br | Button | Caption | Center | Col | Colgroup | Dd
            | Details | Dir | Div | Dl | Dt | Embed | Fieldset | Figcaption | Figure
            | Footer | Form | Frame | Frameset | H1 | H2 | H3 | H4 | H5 | H6 | Head | Header
            | Hgroup | Hr | Html | Iframe | Img | Input | Keygen | Li | Link | Listing
            | Main | Marquee | Menu | Meta | Nav | Noembed | Noframes | Noscript | Object
            | Ol | P | Param | Plaintext | Pre | Script | Search | Section | Select | Source
            | Style | Summary | Table | Tbody | Td | Template | Textarea | Tfoot | Th
            | Thead | Title | Tr | Track | Ul | Wbr | Xmp
        )
    }

    /// 13.2.4.2 "has an element in scope": the HTML elements that end the search.
    pub(super) fn is_scope_boundary_html(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Applet | Caption | Html | Table | Td | Th | Marquee | Object | Template
        )
    }

    /// "In body": the start tags that close a `p` element in button scope first and are then
    /// inserted (those with rules of their own besides, such as headings, are apart).
    #[rustfmt::skip]
    pub(super) fn closes_p(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Address | Article | Aside | Blockquote | Center | Details | Dialog | Dir | Div
            | Dl | Fieldset | Figcaption | Figure | Footer | Header | Hgroup | Main | Menu
            | Nav | Ol | P | Search | Section | Summary | Ul
        )
    }

    /// "In body": the end tags that pop up to their element when it is in scope: those of the
    /// start tags that close a `p`, and a few more.
    pub(super) fn is_block_end(self) -> bool {
        use Tag::*;
        (self.closes_p() && self != P)
            || matches!(
                self,
                Button | Listing | Pre | Select | Applet | Marquee | Object
            )
    }

    /// "In body": start tags that set the frameset-ok flag to "not ok" (`input` only when its
    /// type is not "hidden"; `body`, `frameset` and `br` end tags have rules of their own).
    #[rustfmt::skip]
    pub(super) fn clears_frameset_ok(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Pre | Listing | Li | Dd | Dt | Button | Applet | Marquee | Object | Table | Area
            | Br | Embed | Img | Image | Keygen | Wbr | Hr | Textarea | Xmp | Iframe
            | Select
        )
    }

    /// "In body": the start tags processed using the rules for "in head".
    #[rustfmt::skip]
    pub(super) fn is_for_head(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Base | Basefont | Bgsound | Link | Meta | Noframes | Script | Style | Template
            | Title
        )
    }

    /// 13.2.6.5: the start tags that leave foreign content (`font` only with a `color`,
    /// `face` or `size` attribute).
    #[rustfmt::skip]
    pub(super) fn breaks_out_of_foreign_content(self) -> bool {
        use Tag::*;
        matches!(
            self,
            B | Big | Blockquote | Body | Br | Center | Code | Dd | Div | Dl | Dt | Em
            | Embed | H1 | H2 | H3 | H4 | H5 | H6 | Head | Hr | I | Img | Li | Listing
            | Menu | Meta | Nobr | Ol | P | Pre | Ruby | S | Small | Span | Strong | Strike
            | Sub | Sup | Table | Tt | U | Ul | Var
        )
    }

    /// The table-structure elements that "in body" ignores as start tags unless a table is
    /// open.
    pub(super) fn is_table_part(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Caption | Col | Colgroup | Tbody | Td | Tfoot | Th | Thead | Tr
        )
    }
}

/// Builds a [`Name`] from a lowercased tag name a byte at a time. The bytes are kept up to
/// the longest known name; a longer name is hashed as it grows past that.
#[derive(Clone, Copy, Debug)]
pub(super) struct NameBuilder {
    bytes: [u8; LONGEST],
    len: usize,
    /// The hash of the bytes so far, once there are more than [`LONGEST`].
    hash: u64,
}

impl Default for NameBuilder {
    fn default() -> NameBuilder {
        NameBuilder {
            bytes: [0; LONGEST],
            len: 0,
            hash: FNV_OFFSET,
        }
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a of `bytes` after `hash`.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(FNV_PRIME)
    })
}

impl NameBuilder {
    /// Empties it for the next name (its bytes past the length are never read).
    #[inline]
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends bytes already lowercased.
    #[inline]
    pub(super) fn push_all(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.push(b);
        }
    }

    /// Appends one byte, already lowercased.
    #[inline]
    pub(super) fn push(&mut self, b: u8) {
        match self.bytes.get_mut(self.len) {
            Some(slot) => *slot = b,
            None => {
                if self.len == LONGEST {
                    self.hash = fnv(FNV_OFFSET, &self.bytes);
                }
                self.hash = fnv(self.hash, &[b]);
            }
        }
        self.len += 1;
    }

    /// The name built.
    pub(super) fn name(&self) -> Name {
        match self.bytes.get(..self.len) {
            Some(bytes) => match Tag::from_name(bytes) {
                Some(tag) => Name::Known(tag),
                None => Name::Other(fnv(FNV_OFFSET, bytes)),
            },
            None => Name::Other(self.hash),
        }
    }

    /// The bytes so far, unless there are more than any known name has.
    pub(super) fn bytes(&self) -> Option<&[u8]> {
        self.bytes.get(..self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_told_apart_and_others_hashed() {
        let build = |name: &[u8]| {
            let mut builder = NameBuilder::default();
            builder.push_all(name);
            builder.name()
        };
        assert_eq!(build(b"annotation-xml"), Name::Known(Tag::AnnotationXml));
        assert_eq!(build(b"foreignobject"), Name::Known(Tag::ForeignObject));
        assert_eq!(build(b"meta"), Name::Known(Tag::Meta));
        assert_ne!(build(b"metas"), Name::Known(Tag::Meta));
        assert_eq!(build(b"my-widget"), build(b"my-widget"));
        assert_ne!(build(b"my-widget"), build(b"my-widgets"));
        // Longer than any known name: hashed, never a known tag; a name is hashed alike
        // whether it fits the kept bytes or not, and told apart from its prefixes.
        assert!(matches!(build(b"annotation-xmlx"), Name::Other(_)));
        assert_eq!(build(b"annotation-xmlxy"), build(b"annotation-xmlxy"));
        assert_ne!(build(b"annotation-xmlx"), build(b"annotation-xmlxy"));
        assert_ne!(build(b"my-widget-element"), build(b"my-widget-elemenT"));
        let mut reused = NameBuilder::default();
        reused.push_all(b"a-long-custom-element-name");
        reused.clear();
        reused.push_all(b"my-widget");
        assert_eq!(reused.name(), build(b"my-widget"));
        reused.clear();
        reused.push_all(b"another-long-custom-element");
        assert_eq!(reused.name(), build(b"another-long-custom-element"));
    }
}
