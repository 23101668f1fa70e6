//! What the fuzz targets share: the encodings by number, how an input is cut into chunks and
//! how big each call's output buffer is, the streaming drivers that feed a decoder or an
//! encoder those chunks (checking each call's contract as they go), and the reference results
//! the targets compare with.
//!
//! Everything here asserts: a failed assertion is a crash that libFuzzer saves and reports.

#![forbid(unsafe_code)]

pub mod both;
pub mod decode;
pub mod encode;
pub mod model;
pub mod sniff_model;

use whatwg_encoding::Encoding;

/// Every encoding's name, sorted: the names the label table (section 4.2) maps to.
pub fn names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: Vec<&'static str> = whatwg_encoding::data::labels()
            .iter()
            .map(|&(_, name)| name)
            .collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 40, "the standard has 40 encodings");
        names
    })
}

/// The label that finds an encoding by name (replacement's name is not one of its labels).
fn label_of(name: &str) -> &str {
    if name == "replacement" {
        "iso-2022-kr"
    } else {
        name
    }
}

/// The encoding a selector byte picks: every encoding, about equally often.
pub fn pick(selector: u8) -> &'static str {
    let names = names();
    names[selector as usize % names.len()]
}

/// Our encoding by name.
pub fn ours(name: &str) -> &'static Encoding {
    Encoding::for_label(label_of(name).as_bytes()).expect("every encoding is compiled in")
}

/// encoding_rs's encoding by name.
pub fn theirs(name: &str) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(label_of(name).as_bytes()).expect("encoding_rs has it")
}

/// Whether bytes 0x00 to 0x7F are ASCII and the encoding has sequences of more than one byte:
/// the encodings of the standard's section 2 guarantee that an ASCII byte after an invalid
/// sequence is decoded as itself.
pub fn ascii_compatible_multi_byte(encoding: &'static Encoding) -> bool {
    matches!(
        encoding.name(),
        "UTF-8" | "GBK" | "gb18030" | "Big5" | "EUC-JP" | "Shift_JIS" | "EUC-KR"
    )
}

/// `data` cut into consecutive chunks whose lengths are `lens` (taken in turn, again and
/// again until the data is used up; zero makes an empty chunk). No lengths: one chunk.
pub fn chunks<'a, T>(data: &'a [T], lens: &[u8]) -> Vec<&'a [T]> {
    if lens.is_empty() {
        return vec![data];
    }
    let any_nonzero = lens.iter().any(|&l| l > 0);
    let mut out = Vec::new();
    let mut rest = data;
    let mut i = 0;
    loop {
        if i >= lens.len() && (rest.is_empty() || !any_nonzero) {
            break;
        }
        let len = (lens[i % lens.len()] as usize).min(rest.len());
        let (piece, after) = rest.split_at(len);
        out.push(piece);
        rest = after;
        i += 1;
    }
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// `text` cut as [`chunks`] cuts bytes, each cut moved back to a character boundary.
pub fn str_chunks<'a>(text: &'a str, lens: &[u8]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let (mut start, mut end) = (0, 0);
    for piece in chunks(text.as_bytes(), lens) {
        end += piece.len();
        let mut cut = end;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let cut = cut.max(start);
        out.push(&text[start..cut]);
        start = cut;
    }
    // The chunks cover the text, so the last cut is its end.
    out
}

/// The size of one call's output buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// This many units, possibly fewer than a call needs to make progress.
    Exact(usize),
    /// As many as the coder's `max_*_buffer_length` says the rest of the input needs.
    Bound,
}

/// The output buffer sizes of successive calls, from the fuzzer's bytes: 0 to 239 units, or
/// (240 to 255) the bound. No bytes: always the bound.
#[derive(Debug, Clone)]
pub struct Sizes<'a> {
    sizes: &'a [u8],
    next: usize,
}

impl<'a> Sizes<'a> {
    pub fn new(sizes: &'a [u8]) -> Sizes<'a> {
        Sizes { sizes, next: 0 }
    }

    /// The next call's size, at least `floor` units unless it is the bound.
    pub fn next(&mut self, floor: usize) -> Size {
        if self.sizes.is_empty() {
            return Size::Bound;
        }
        let s = self.sizes[self.next % self.sizes.len()];
        self.next += 1;
        if s >= 240 {
            Size::Bound
        } else {
            Size::Exact((s as usize).max(floor))
        }
    }
}

/// A decimal numeric character reference, as the html error mode writes it.
pub fn ncr(c: char) -> String {
    format!("&#{};", c as u32)
}

/// Latin1: each byte as the code point of its value.
pub fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// UTF-16 units as little-endian pairs of bytes (a last odd byte is dropped).
pub fn units_le(bytes: &[u8]) -> Vec<u16> {
    bytes
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect()
}

/// Whether `u` is a lead (high) surrogate.
pub fn is_lead(u: u16) -> bool {
    (0xD800..0xDC00).contains(&u)
}

/// Whether `u` is a trail (low) surrogate.
pub fn is_trail(u: u16) -> bool {
    (0xDC00..0xE000).contains(&u)
}
