//! [`SniffOptions`]: what the user agent knows besides the bytes.

use core::fmt;

use super::autodetect::Autodetect;
use super::content_type::content_type_charset;
use super::locale::suggested_default_encoding;
use crate::encoding::Encoding;

/// The sniffing algorithms' inputs other than the bytes. Each format reads those its standard
/// names: HTML all of them; XML `transport`; CSS `transport` and `parent` (the referring
/// document's environment encoding).
///
/// Build one with [`SniffOptions::new`] (or `default`) and the methods, or set the fields:
///
/// ```
/// # #[cfg(feature = "shift_jis")]
/// # fn main() {
/// use whatwg_encoding::sniff::{SniffOptions, Utf8Autodetect};
/// use whatwg_encoding::SHIFT_JIS;
///
/// let options = SniffOptions::new()
///     .content_type(b"text/html")          // no charset: the transport layer says nothing
///     .locale(Some("ja-JP"))               // the default becomes Shift_JIS
///     .autodetect(Some(&Utf8Autodetect));  // valid UTF-8 with non-ASCII is UTF-8
/// assert_eq!((options.transport, options.default), (None, SHIFT_JIS));
/// # }
/// # #[cfg(not(feature = "shift_jis"))]
/// # fn main() {}
/// ```
#[derive(Clone, Copy)]
#[non_exhaustive]
pub struct SniffOptions {
    /// HTML step 2: the encoding the user told the user agent to use. None by default.
    pub user_override: Option<&'static Encoding>,
    /// HTML step 4, XML, CSS step 1: the encoding the transport layer specifies, e.g. a
    /// `Content-Type` header's charset ([`SniffOptions::content_type`] reads one). None by
    /// default.
    pub transport: Option<&'static Encoding>,
    /// HTML step 6: the parent (container) document's encoding, given only when the parent
    /// is same origin with the document (UTF-16BE/LE is then passed over, as the step says);
    /// CSS step 3: the referring document's environment encoding. None by default.
    pub parent: Option<&'static Encoding>,
    /// HTML step 7: what the user agent knows of the likely encoding, e.g. the page's
    /// encoding when last visited. None by default.
    pub likely: Option<&'static Encoding>,
    /// HTML step 8: an autodetector, given the bytes seen (the first 1024 in a [`Sniffer`]
    /// and a [`DecodeReader`], all of them in [`sniff`]). None (no autodetection) by default.
    ///
    /// [`Sniffer`]: super::Sniffer
    /// [`DecodeReader`]: crate::io::DecodeReader
    /// [`sniff`]: super::sniff
    pub autodetect: Option<&'static dyn Autodetect>,
    /// HTML step 9: the user's default, or the locale's suggested default
    /// ([`SniffOptions::locale`]). By default the locale table's last row, "all other
    /// locales": windows-1252 (UTF-8 in a build without windows-1252).
    pub default: &'static Encoding,
    /// The HTML parser's scripting flag, which [`sniff_whole_document`] and the
    /// whole-document forms follow: with it (the default, as in a browser with scripting
    /// on) a `noscript` element's content is raw text, and a `<meta>` in it does not count;
    /// without it, a `noscript` in the head holds elements, and its `<meta>` counts.
    ///
    /// [`sniff_whole_document`]: super::sniff_whole_document
    pub scripting: bool,
}

impl Default for SniffOptions {
    fn default() -> SniffOptions {
        SniffOptions {
            user_override: None,
            transport: None,
            parent: None,
            likely: None,
            autodetect: None,
            default: suggested_default_encoding(None),
            scripting: true,
        }
    }
}

impl SniffOptions {
    /// The defaults: no override, no transport charset, no parent, no likely encoding, no
    /// autodetection, windows-1252 as the default, scripting on.
    pub fn new() -> SniffOptions {
        SniffOptions::default()
    }

    /// Sets [`SniffOptions::user_override`].
    pub fn user_override(mut self, encoding: Option<&'static Encoding>) -> SniffOptions {
        self.user_override = encoding;
        self
    }

    /// Sets [`SniffOptions::transport`] to the charset of a `Content-Type` header's value
    /// (bytes, as HTTP gives them), read as MIME Sniffing's *parse a MIME type* does: see
    /// [`content_type_charset`]. A value without a usable charset sets None.
    pub fn content_type(mut self, value: &[u8]) -> SniffOptions {
        self.transport = content_type_charset(value);
        self
    }

    /// Sets [`SniffOptions::transport`].
    pub fn transport(mut self, encoding: Option<&'static Encoding>) -> SniffOptions {
        self.transport = encoding;
        self
    }

    /// Sets [`SniffOptions::parent`].
    pub fn parent(mut self, encoding: Option<&'static Encoding>) -> SniffOptions {
        self.parent = encoding;
        self
    }

    /// Sets [`SniffOptions::likely`].
    pub fn likely(mut self, encoding: Option<&'static Encoding>) -> SniffOptions {
        self.likely = encoding;
        self
    }

    /// Sets [`SniffOptions::autodetect`].
    pub fn autodetect(mut self, detector: Option<&'static dyn Autodetect>) -> SniffOptions {
        self.autodetect = detector;
        self
    }

    /// Sets [`SniffOptions::default`] to the locale's suggested default encoding (the HTML
    /// Standard's table; see [`suggested_default_encoding`] for how a tag is matched). None:
    /// the table's last row.
    pub fn locale(mut self, locale: Option<&str>) -> SniffOptions {
        self.default = suggested_default_encoding(locale);
        self
    }

    /// Sets [`SniffOptions::default`].
    pub fn default_encoding(mut self, encoding: &'static Encoding) -> SniffOptions {
        self.default = encoding;
        self
    }

    /// Sets [`SniffOptions::scripting`].
    pub fn scripting(mut self, scripting: bool) -> SniffOptions {
        self.scripting = scripting;
        self
    }
}

/// Two options are equal when their encodings are, and their detectors are the same object.
impl PartialEq for SniffOptions {
    fn eq(&self, other: &SniffOptions) -> bool {
        let detector = |options: &SniffOptions| {
            options
                .autodetect
                .map(|detector| detector as *const dyn Autodetect as *const ())
        };
        self.user_override == other.user_override
            && self.transport == other.transport
            && self.parent == other.parent
            && self.likely == other.likely
            && detector(self) == detector(other)
            && self.default == other.default
            && self.scripting == other.scripting
    }
}

impl Eq for SniffOptions {}

impl fmt::Debug for SniffOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |encoding: Option<&'static Encoding>| encoding.map(|e| e.name);
        f.debug_struct("SniffOptions")
            .field("user_override", &name(self.user_override))
            .field("transport", &name(self.transport))
            .field("parent", &name(self.parent))
            .field("likely", &name(self.likely))
            .field("autodetect", &self.autodetect.is_some())
            .field("default", &self.default.name)
            .field("scripting", &self.scripting)
            .finish()
    }
}
