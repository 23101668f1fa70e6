//! Facts the standard states in prose rather than in its data files: which encodings exist,
//! which handler family implements each, which index each reads, and how many pointers each
//! index can be addressed with. The data files are validated against these.

/// The handler family of an encoding: encodings of one family share decoder and encoder
/// algorithms and differ only in their tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Section 8.1.
    Utf8,
    /// Section 9: the single-byte decoder and encoder over one index.
    SingleByte,
    /// Section 10.1 and 10.2: gb18030 and GBK share the decoder.
    Gb18030,
    /// Section 11.1.
    Big5,
    /// Section 12.1.
    EucJp,
    /// Section 12.2.
    Iso2022Jp,
    /// Section 12.3.
    ShiftJis,
    /// Section 13.1.
    EucKr,
    /// Section 14.1.
    Replacement,
    /// Section 14.2 to 14.4.
    Utf16,
    /// Section 14.5.
    XUserDefined,
}

/// One encoding the runtime implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpecEncoding {
    /// The encoding's name, as in encodings.json.
    pub name: &'static str,
    /// The handler family that decodes and encodes it (the section that defines it).
    pub family: Family,
    /// The indexes its decoder or encoder reads, by indexes.json name.
    pub indexes: &'static [&'static str],
}

impl SpecEncoding {
    /// The section of the standard that defines the encoding.
    pub fn section(&self) -> &'static str {
        match (self.family, self.name) {
            (Family::Utf8, _) => "8.1",
            (Family::SingleByte, _) => "9",
            (Family::Gb18030, "GBK") => "10.1",
            (Family::Gb18030, _) => "10.2",
            (Family::Big5, _) => "11.1",
            (Family::EucJp, _) => "12.1",
            (Family::Iso2022Jp, _) => "12.2",
            (Family::ShiftJis, _) => "12.3",
            (Family::EucKr, _) => "13.1",
            (Family::Replacement, _) => "14.1",
            (Family::Utf16, "UTF-16BE") => "14.3",
            (Family::Utf16, _) => "14.4",
            (Family::XUserDefined, _) => "14.5",
        }
    }

    /// The name of the runtime's static for the encoding, as encoding_rs names it: the name
    /// in upper case, `-` as `_` (`SHIFT_JIS`, `ISO_8859_8_I`).
    pub fn static_name(&self) -> String {
        self.name.to_ascii_uppercase().replace('-', "_")
    }

    /// The Cargo feature that compiles the encoding in: its name in lower case (`shift_jis`,
    /// `windows-1252`), or None for UTF-8 and replacement, which every build has.
    pub fn feature(&self) -> Option<String> {
        match self.family {
            Family::Utf8 | Family::Replacement => None,
            _ => Some(self.name.to_ascii_lowercase()),
        }
    }
}

const fn enc(name: &'static str, family: Family, indexes: &'static [&'static str]) -> SpecEncoding {
    SpecEncoding {
        name,
        family,
        indexes,
    }
}

/// Every encoding of the standard (section 4.2's table), in encodings.json's order.
pub const ENCODINGS: &[SpecEncoding] = &[
    enc("UTF-8", Family::Utf8, &[]),
    enc("IBM866", Family::SingleByte, &["ibm866"]),
    enc("ISO-8859-2", Family::SingleByte, &["iso-8859-2"]),
    enc("ISO-8859-3", Family::SingleByte, &["iso-8859-3"]),
    enc("ISO-8859-4", Family::SingleByte, &["iso-8859-4"]),
    enc("ISO-8859-5", Family::SingleByte, &["iso-8859-5"]),
    enc("ISO-8859-6", Family::SingleByte, &["iso-8859-6"]),
    enc("ISO-8859-7", Family::SingleByte, &["iso-8859-7"]),
    enc("ISO-8859-8", Family::SingleByte, &["iso-8859-8"]),
    // Section 9: "ISO-8859-8 and ISO-8859-8-I are distinct encoding names, because
    // ISO-8859-8 has influence on the layout direction", but they share one index.
    enc("ISO-8859-8-I", Family::SingleByte, &["iso-8859-8"]),
    enc("ISO-8859-10", Family::SingleByte, &["iso-8859-10"]),
    enc("ISO-8859-13", Family::SingleByte, &["iso-8859-13"]),
    enc("ISO-8859-14", Family::SingleByte, &["iso-8859-14"]),
    enc("ISO-8859-15", Family::SingleByte, &["iso-8859-15"]),
    enc("ISO-8859-16", Family::SingleByte, &["iso-8859-16"]),
    enc("KOI8-R", Family::SingleByte, &["koi8-r"]),
    enc("KOI8-U", Family::SingleByte, &["koi8-u"]),
    enc("macintosh", Family::SingleByte, &["macintosh"]),
    enc("windows-874", Family::SingleByte, &["windows-874"]),
    enc("windows-1250", Family::SingleByte, &["windows-1250"]),
    enc("windows-1251", Family::SingleByte, &["windows-1251"]),
    enc("windows-1252", Family::SingleByte, &["windows-1252"]),
    enc("windows-1253", Family::SingleByte, &["windows-1253"]),
    enc("windows-1254", Family::SingleByte, &["windows-1254"]),
    enc("windows-1255", Family::SingleByte, &["windows-1255"]),
    enc("windows-1256", Family::SingleByte, &["windows-1256"]),
    enc("windows-1257", Family::SingleByte, &["windows-1257"]),
    enc("windows-1258", Family::SingleByte, &["windows-1258"]),
    enc("x-mac-cyrillic", Family::SingleByte, &["x-mac-cyrillic"]),
    enc("GBK", Family::Gb18030, &["gb18030", "gb18030-ranges"]),
    enc("gb18030", Family::Gb18030, &["gb18030", "gb18030-ranges"]),
    enc("Big5", Family::Big5, &["big5"]),
    enc("EUC-JP", Family::EucJp, &["jis0208", "jis0212"]),
    enc(
        "ISO-2022-JP",
        Family::Iso2022Jp,
        &["jis0208", "iso-2022-jp-katakana"],
    ),
    enc("Shift_JIS", Family::ShiftJis, &["jis0208"]),
    enc("EUC-KR", Family::EucKr, &["euc-kr"]),
    enc("replacement", Family::Replacement, &[]),
    enc("UTF-16BE", Family::Utf16, &[]),
    enc("UTF-16LE", Family::Utf16, &[]),
    enc("x-user-defined", Family::XUserDefined, &[]),
];

/// Looks up an encoding of the standard by its exact name.
pub fn encoding(name: &str) -> Option<&'static SpecEncoding> {
    ENCODINGS.iter().find(|e| e.name == name)
}

/// How an index is shaped and how many pointers its users can address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexShape {
    /// Exactly this many entries (the single-byte indexes: 128; section 9).
    Exact(usize),
    /// At most this many entries: the largest pointer the decoders can compute, plus one.
    AtMost(usize),
    /// Index gb18030 ranges (section 5).
    Ranges,
}

/// The shape of a known index, or None for an index the standard does not define.
pub fn index_shape(name: &str) -> Option<IndexShape> {
    Some(match name {
        // (0xFE - 0x81) * 157 + (0xFE - 0x62)
        "big5" => IndexShape::AtMost(19782),
        // (0xFE - 0x81) * 190 + (0xFE - 0x41)
        "euc-kr" | "gb18030" => IndexShape::AtMost(23940),
        // Shift_JIS: (0xFC - 0xC1) * 188 + (0xFC - 0x41)
        "jis0208" => IndexShape::AtMost(11280),
        // EUC-JP: (0xFE - 0xA1) * 94 + (0xFE - 0xA1)
        "jis0212" => IndexShape::AtMost(8836),
        // U+FF61 to U+FF9F
        "iso-2022-jp-katakana" => IndexShape::Exact(63),
        "gb18030-ranges" => IndexShape::Ranges,
        _ if is_single_byte_index(name) => IndexShape::Exact(128),
        _ => return None,
    })
}

/// How the decoders of a two-byte index address it: pointers run along rows of `row`
/// pointers, one row per lead byte (EUC-JP: `(lead − 0xA1) × 94 + byte − 0xA1`), except that
/// a decoder may take `rows_per_lead` rows at once (Shift_JIS's `(lead − lead offset) × 188`
/// spans two rows of index jis0208). A trail byte chooses a column of the row (or, with
/// several rows per lead, of the rows taken together).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowShape {
    /// Pointers per row: the shortest row any decoder of the index multiplies its lead by.
    pub row: usize,
    /// The most rows one decoder's lead takes at once (the longest row over `row`).
    pub rows_per_lead: usize,
}

/// The rows of a two-byte index, or None for the other indexes.
pub fn row_shape(name: &str) -> Option<RowShape> {
    let (row, rows_per_lead) = match name {
        // Section 11.1.1 step 3.5: (lead − 0x81) × 157.
        "big5" => (157, 1),
        // Sections 10.2.1 step 5.5 and 13.1.1 step 3.4: (lead − 0x81) × 190.
        "euc-kr" | "gb18030" => (190, 1),
        // Sections 12.1.1 step 5.2 and 12.2.1: × 94; section 12.3.1 step 3.3: × 188.
        "jis0208" => (94, 2),
        // Section 12.1.1 step 5.2: (lead − 0xA1) × 94.
        "jis0212" => (94, 1),
        _ => return None,
    };
    Some(RowShape { row, rows_per_lead })
}

/// Whether `name` is the index of a single-byte encoding.
pub fn is_single_byte_index(name: &str) -> bool {
    ENCODINGS
        .iter()
        .any(|e| e.family == Family::SingleByte && e.indexes == [name])
}

/// Every index the standard defines, in a stable order.
pub fn index_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = ENCODINGS
        .iter()
        .flat_map(|e| e.indexes.iter().copied())
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// The largest pointer index gb18030 ranges can be asked about (section 5, "index gb18030
/// ranges code point", step 1).
pub const GB18030_RANGES_MAX_POINTER: u32 = 1237575;
