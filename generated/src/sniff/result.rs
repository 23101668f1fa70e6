//! What sniffing answers: the encoding, the confidence and the rule that decided.

use core::fmt;

use crate::encoding::Encoding;

/// The kind of document sniffed: each has its own standard's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// HTML Standard, section 13.2.3.2, the encoding sniffing algorithm.
    Html,
    /// A byte order mark, the transport layer's charset, the XML declaration (HTML Standard,
    /// *get an XML encoding*), else UTF-8.
    Xml,
    /// CSS Syntax 3, section 3.2: *decode*'s byte order mark, then *determine the fallback
    /// encoding*.
    Css,
}

impl Format {
    /// The format's name in lowercase: "html", "xml" or "css".
    pub fn name(self) -> &'static str {
        match self {
            Format::Html => "html",
            Format::Xml => "xml",
            Format::Css => "css",
        }
    }
}

/// HTML Standard, section 13.2.3: how sure the parser is of its encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// The encoding may change when the parser meets a `<meta>` that declares another
    /// ([`change_the_encoding`](super::change_the_encoding)).
    Tentative,
    /// The encoding will not change: a byte order mark, the user's override or the transport
    /// layer decided (and every XML and CSS answer, which do not change either).
    Certain,
    /// No encoding is needed: the parser is given characters, not bytes. Sniffing bytes never
    /// answers this; it is here for parsers that keep a confidence of their own.
    Irrelevant,
}

impl Confidence {
    /// The standard's word: "tentative", "certain" or "irrelevant".
    pub fn name(self) -> &'static str {
        match self {
            Confidence::Tentative => "tentative",
            Confidence::Certain => "certain",
            Confidence::Irrelevant => "irrelevant",
        }
    }
}

/// Which rule decided, so that a tool can say why. The steps named are those of the HTML
/// encoding sniffing algorithm; XML and CSS use the rules their standards share with it.
/// More rules may come: match with a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// A byte order mark (HTML step 1; the BOM check of CSS's *decode*; XML's).
    ByteOrderMark,
    /// The user's explicit override (HTML step 2).
    UserOverride,
    /// The transport layer's encoding, e.g. a `Content-Type` charset (HTML step 4; CSS's first
    /// fallback; XML's).
    TransportLayer,
    /// A `<meta charset>` or `<meta http-equiv=content-type content=…>` found by the prescan
    /// (HTML step 5); `offset` is the byte offset of its `<`.
    Meta {
        /// The byte offset of the `<` that starts the `<meta`.
        offset: usize,
    },
    /// A `<meta charset>` or `<meta http-equiv=content-type content=…>` that the parser met
    /// after sniffing, while the confidence was tentative, and processed with the "in head"
    /// rules: *changing the encoding while parsing* (HTML Standard, 13.2.3.4) made the
    /// confidence certain. Only [`sniff_whole_document`](super::sniff_whole_document) and the
    /// whole-document forms answer with it. `offset` is the byte offset of its `<`.
    LateMeta {
        /// The byte offset of the `<` that starts the `<meta`.
        offset: usize,
    },
    /// An XML declaration at the start: `encoding="…"` (*get an XML encoding*, also the
    /// prescan's fallback), or the prescan's UTF-16 `<?x` pattern.
    XmlDeclaration,
    /// CSS's `@charset "…";` at the start of the style sheet.
    CssCharset,
    /// The parent (container) document's encoding (HTML step 6), or the referring
    /// document's environment encoding for CSS.
    Parent,
    /// What the user agent knows of the likely encoding, e.g. the page's encoding when last
    /// visited (HTML step 7).
    LikelyEncoding,
    /// An autodetector (HTML step 8).
    Autodetection,
    /// The default: the user's or the locale's suggested default for HTML (step 9), UTF-8 for
    /// XML and CSS.
    Default,
}

impl fmt::Display for Rule {
    /// A phrase for messages: "a <meta> at byte 57", "a <meta> the parser met at byte 1122",
    /// "the transport layer's charset", ….
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::ByteOrderMark => f.write_str("a byte order mark"),
            Rule::UserOverride => f.write_str("the user's override"),
            Rule::TransportLayer => f.write_str("the transport layer's charset"),
            Rule::Meta { offset } => write!(f, "a <meta> at byte {offset}"),
            Rule::LateMeta { offset } => write!(f, "a <meta> the parser met at byte {offset}"),
            Rule::XmlDeclaration => f.write_str("an XML declaration at byte 0"),
            Rule::CssCharset => f.write_str("@charset at byte 0"),
            Rule::Parent => f.write_str("the parent document's encoding"),
            Rule::LikelyEncoding => f.write_str("the likely encoding"),
            Rule::Autodetection => f.write_str("autodetection"),
            Rule::Default => f.write_str("the default"),
        }
    }
}

/// Sniffing's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sniffed {
    /// The encoding to decode with. Decode with [`Encoding::new_decoder`] (section 6.1's
    /// "decode", which removes the byte order mark that [`Rule::ByteOrderMark`] found).
    pub encoding: &'static Encoding,
    /// How sure: [`Confidence::Certain`] for a byte order mark, the user's override, the
    /// transport layer (and for XML and CSS), [`Confidence::Tentative`] otherwise.
    pub confidence: Confidence,
    /// Which rule decided.
    pub rule: Rule,
}

impl Sniffed {
    pub(super) fn certain(encoding: &'static Encoding, rule: Rule) -> Sniffed {
        Sniffed {
            encoding,
            confidence: Confidence::Certain,
            rule,
        }
    }

    pub(super) fn tentative(encoding: &'static Encoding, rule: Rule) -> Sniffed {
        Sniffed {
            encoding,
            confidence: Confidence::Tentative,
            rule,
        }
    }
}

impl fmt::Display for Sniffed {
    /// "windows-1251 (tentative), by a <meta> at byte 57".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}), by {}",
            self.encoding.name,
            self.confidence.name(),
            self.rule
        )
    }
}
