//! Reference results built from the standard's rules rather than from the streaming calls
//! under test: what decoding an encoder's output gives back, and the timeline of a decode
//! (which output and which error each byte of the input brings), from which the section-7
//! objects' results follow.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use whatwg_encoding::{DecoderResult, EncoderResult, Encoding};

/// Index ISO-2022-JP katakana, from the standard's data file: the code point that ISO-2022-JP's
/// encoder writes for each of U+FF61 to U+FF9F (encoder step 9).
fn katakana() -> &'static [char] {
    static TABLE: OnceLock<Vec<char>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let text = include_str!("../../indexes/index-iso-2022-jp-katakana.txt");
        let index = encoding_gen::source::index_txt::parse(
            text,
            Path::new("index-iso-2022-jp-katakana.txt"),
            "iso-2022-jp-katakana",
        )
        .expect("the bundled index parses");
        let mut table = vec!['\0'; 63];
        for e in index.entries {
            table[e.pointer as usize] = e.code_point;
        }
        assert!(table.iter().all(|&c| c != '\0'));
        table
    })
}

/// The table of gb18030 encoder step 5 (code point, two bytes), read from the standard's text
/// (an excerpt in the repository's fixtures), not from the generator's copy.
fn gb18030_side_table() -> &'static [(char, [u8; 2])] {
    static TABLE: OnceLock<Vec<(char, [u8; 2])>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let text = include_str!("../../fixtures/spec/gb18030-encoder.current.zh.txt");
        let hex = |s: &str, prefix: &str| u32::from_str_radix(s.strip_prefix(prefix)?, 16).ok();
        let table: Vec<(char, [u8; 2])> = text
            .lines()
            .filter_map(|line| {
                let mut words = line.split_whitespace();
                let c = char::from_u32(hex(words.next()?, "U+")?)?;
                let lead = hex(words.next()?, "0x")? as u8;
                let trail = hex(words.next()?, "0x")? as u8;
                Some((c, [lead, trail]))
            })
            .collect();
        assert_eq!(table.len(), 18, "the standard's table has 18 rows");
        table
    })
}

/// What decoding `c` gives back after `encoding`'s encoder mapped it: `c` itself, but for the
/// code points the Japanese encoders write as another's bytes (Shift_JIS and EUC-JP encoder
/// steps 3, 4 and 6; ISO-2022-JP encoder steps 8 and 9) and the private-use code points that
/// gb18030's encoder writes as the bytes of their GB18030-2022 successors (its table in step
/// 5).
pub fn round_trip(encoding: &str, c: char) -> char {
    if matches!(encoding, "gb18030" | "GBK") {
        if let Some((_, bytes)) = gb18030_side_table().iter().find(|(from, _)| *from == c) {
            let (text, _) = whatwg_encoding::GB18030.decode_without_bom_handling(bytes);
            return text.chars().next().expect("the table's bytes decode");
        }
    }
    match (encoding, c) {
        ("Shift_JIS" | "EUC-JP", '\u{A5}') => '\\',
        ("Shift_JIS" | "EUC-JP", '\u{203E}') => '~',
        ("Shift_JIS" | "EUC-JP" | "ISO-2022-JP", '\u{2212}') => '\u{FF0D}',
        ("ISO-2022-JP", '\u{FF61}'..='\u{FF9F}') => katakana()[c as usize - 0xFF61],
        _ => c,
    }
}

/// Which scalar values an encoder maps, found by encoding each alone without replacement,
/// and what decoding an html-mode encode must give back.
pub struct EncodeOracle {
    encoding: &'static Encoding,
    /// Per scalar value: Ok if mapped, or the code point its error reports.
    cache: RefCell<HashMap<char, Result<(), char>>>,
}

impl EncodeOracle {
    /// For `encoding`'s output encoding.
    pub fn new(encoding: &'static Encoding) -> EncodeOracle {
        EncodeOracle {
            encoding: encoding.output_encoding(),
            cache: RefCell::new(HashMap::new()),
        }
    }

    /// Encodes `c` alone without replacement: Ok, or the code point of the error. A mapped
    /// code point decodes back to itself (or to what [`round_trip`] says); an unmappable one
    /// is reported as itself (but ISO-2022-JP's U+000E, U+000F and U+001B, reported as U+FFFD).
    pub fn mapping(&self, c: char) -> Result<(), char> {
        if let Some(m) = self.cache.borrow().get(&c) {
            return *m;
        }
        let mut encoder = self.encoding.new_encoder();
        let mut buf = [0u8; 16];
        let mut tmp = [0u8; 4];
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(c.encode_utf8(&mut tmp), &mut buf, true);
        let name = self.encoding.name();
        let m = match result {
            EncoderResult::InputEmpty => {
                assert_eq!(read, c.len_utf8());
                let (back, errors) = self.encoding.decode_without_bom_handling(&buf[..written]);
                let expected = round_trip(name, c);
                assert!(
                    !errors && back.chars().eq([expected]),
                    "{name}: {c:?} encodes to {:02X?}, which decodes to {back:?}",
                    &buf[..written]
                );
                Ok(())
            }
            EncoderResult::Unmappable(x) => {
                let special = name == "ISO-2022-JP" && matches!(c, '\u{E}' | '\u{F}' | '\u{1B}');
                assert!(
                    x == c || (special && x == '\u{FFFD}'),
                    "{name}: {c:?} reported unmappable as {x:?}"
                );
                assert!(
                    !matches!(name, "UTF-8" | "gb18030") || c == '\u{E5E5}' && name == "gb18030",
                    "{name}: {c:?} unmappable"
                );
                Err(x)
            }
            EncoderResult::OutputFull => panic!("{name}: one code point fills 16 bytes"),
        };
        self.cache.borrow_mut().insert(c, m);
        m
    }

    pub fn unmappable(&self, c: char) -> bool {
        self.mapping(c).is_err()
    }

    /// What decoding the html-mode encode of `text` gives back: each mapped code point as
    /// [`round_trip`] says, each unmappable one as its numeric character reference.
    pub fn expected(&self, text: &str) -> String {
        let mut out = String::new();
        for c in text.chars() {
            match self.mapping(c) {
                Ok(()) => out.push(round_trip(self.encoding.name(), c)),
                Err(x) => out.push_str(&crate::ncr(x)),
            }
        }
        out
    }

    /// The unmappable code points of `text`, in order, as the errors report them.
    pub fn unmappables(&self, text: &str) -> Vec<char> {
        text.chars().filter_map(|c| self.mapping(c).err()).collect()
    }
}

/// One thing a decode produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Char(char),
    /// A malformed sequence starting at this offset of the stream.
    Error(u64),
}

/// When each output and error of a decode happens: `events[k] = (n, e)` says that `e` comes
/// once `n` bytes have been given; `end` holds what end-of-queue adds. Found by giving the
/// decoder (no BOM handling) one byte per call and resuming after each error with what is
/// left, which may be nothing: a decoder that restored bytes goes on with them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeline {
    pub events: Vec<(usize, Event)>,
    pub end: Vec<Event>,
}

pub fn timeline(encoding: &'static Encoding, bytes: &[u8], fatal: bool) -> Timeline {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut timeline = Timeline {
        events: Vec::new(),
        end: Vec::new(),
    };
    let mut total = 0usize;
    let mut feed =
        |decoder: &mut whatwg_encoding::Decoder, byte: Option<u8>, out: &mut Vec<Event>| {
            let one = byte.map(|b| [b]);
            let mut src: &[u8] = one.as_ref().map_or(&[], |b| &b[..]);
            let last = byte.is_none();
            loop {
                let mut buf = [0u8; 64];
                let (result, read, written) = if fatal {
                    decoder.decode_to_utf8_without_replacement(src, &mut buf, last)
                } else {
                    let (r, read, written, _) = decoder.decode_to_utf8(src, &mut buf, last);
                    let r = match r {
                        whatwg_encoding::CoderResult::InputEmpty => DecoderResult::InputEmpty,
                        whatwg_encoding::CoderResult::OutputFull => DecoderResult::OutputFull,
                    };
                    (r, read, written)
                };
                total += read;
                src = &src[read..];
                let text = std::str::from_utf8(&buf[..written]).expect("UTF-8");
                out.extend(text.chars().map(Event::Char));
                match result {
                    DecoderResult::InputEmpty => return,
                    DecoderResult::OutputFull => panic!("one byte's output fills 64 bytes"),
                    DecoderResult::Malformed(len, after) => {
                        let start = total - after as usize - len as usize;
                        out.push(Event::Error(start as u64));
                    }
                }
            }
        };
    for (i, &b) in bytes.iter().enumerate() {
        let mut out = Vec::new();
        feed(&mut decoder, Some(b), &mut out);
        timeline.events.extend(out.into_iter().map(|e| (i + 1, e)));
    }
    let mut end = Vec::new();
    feed(&mut decoder, None, &mut end);
    timeline.end = end;
    timeline
}
