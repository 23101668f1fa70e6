//! [`Encoding`]: one of the standard's encodings (section 4), its identity and its
//! properties. Finding one by label is in [`crate::labels`]; its decoders and encoders are
//! made in [`crate::decoder`] and [`crate::encoder`]; the one-shot calls that allocate are in
//! `owned`.

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::encodings::{Ascii, VariantEncoding};

/// An encoding of the WHATWG Encoding Standard (section 4). Obtain one from its static
/// (`WINDOWS_1252`, …) or from a label with [`Encoding::for_label`].
pub struct Encoding {
    pub(crate) name: &'static str,
    pub(crate) variant: VariantEncoding,
}

impl Encoding {
    /// The encoding's name (section 4.2), e.g. "windows-1252".
    pub fn name(&'static self) -> &'static str {
        self.name
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

    /// The length of the longest prefix of `bytes` that is valid UTF-8 (section 8.1.1's
    /// decoder would decode it without error).
    pub fn utf8_valid_up_to(bytes: &[u8]) -> usize {
        crate::kernels::utf8::valid::utf8_valid_up_to(bytes)
    }

    /// The length of the longest prefix of `bytes` that is ASCII.
    pub fn ascii_valid_up_to(bytes: &[u8]) -> usize {
        crate::kernels::ascii::ascii_up_to(bytes)
    }

    /// The length of the longest prefix of `bytes` that ISO-2022-JP decodes as ASCII in its
    /// initial state: ASCII but ESC, SO and SI (section 12.2.1).
    pub fn iso_2022_jp_ascii_valid_up_to(bytes: &[u8]) -> usize {
        crate::kernels::ascii::iso_2022_jp_ascii_up_to(bytes)
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

/// As encoding_rs prints it: `Encoding { name: "windows-1252", .. }`.
impl fmt::Debug for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Encoding")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}
