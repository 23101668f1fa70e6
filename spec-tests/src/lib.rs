//! Helpers shared by the conformance tests: the encodings under test, their encoding_rs
//! counterparts (the oracle), and streaming drivers that split input and output buffers.

#![forbid(unsafe_code)]

pub mod layers;
pub mod render;
pub mod strategies;

use whatwg_encoding::{CoderResult, DecoderResult, Encoding};

/// Every encoding's name, in encodings.json's order.
pub const ALL: &[&str] = &[
    "UTF-8",
    "IBM866",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-8-I",
    "ISO-8859-10",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "GBK",
    "gb18030",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
    "replacement",
    "UTF-16BE",
    "UTF-16LE",
    "x-user-defined",
];

/// The multi-byte CJK encodings (section 10 to 13).
pub const CJK: &[&str] = &[
    "GBK",
    "gb18030",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
];

/// The encodings under test: all of them.
pub fn implemented() -> impl Iterator<Item = &'static str> {
    ALL.iter().copied()
}

/// Our encoding by name.
pub fn ours(name: &str) -> &'static Encoding {
    let label = if name == "replacement" {
        "iso-2022-kr"
    } else {
        name
    };
    Encoding::for_label(label.as_bytes()).unwrap_or_else(|| panic!("{name} is compiled in"))
}

/// encoding_rs's encoding by name: the oracle.
pub fn oracle(name: &str) -> &'static encoding_rs::Encoding {
    let label = if name == "replacement" {
        "iso-2022-kr"
    } else {
        name
    };
    encoding_rs::Encoding::for_label(label.as_bytes())
        .unwrap_or_else(|| panic!("encoding_rs has {name}"))
}

/// Decodes `bytes` (without BOM handling) with the input cut at `cuts` and an output buffer
/// of `out_len` bytes per call, replacing errors; returns the text and whether there were
/// errors.
pub fn decode_in_pieces(
    encoding: &'static Encoding,
    bytes: &[u8],
    cuts: &[usize],
    out_len: usize,
) -> (String, bool) {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::new();
    let mut had_errors = false;
    let mut pieces = split(bytes, cuts);
    let count = pieces.len();
    for (i, piece) in pieces.drain(..).enumerate() {
        let last = i + 1 == count;
        let mut rest = piece;
        loop {
            let mut out = vec![0u8; out_len];
            let (result, read, written, replaced) = decoder.decode_to_utf8(rest, &mut out, last);
            text.push_str(std::str::from_utf8(&out[..written]).expect("decoder writes UTF-8"));
            had_errors |= replaced;
            rest = &rest[read..];
            match result {
                CoderResult::InputEmpty => {
                    assert!(rest.is_empty(), "InputEmpty with input left");
                    break;
                }
                CoderResult::OutputFull => {}
            }
        }
    }
    (text, had_errors)
}

/// Decodes with the fatal error mode in pieces; the text up to the first error and whether
/// an error stopped it.
pub fn decode_fatal_in_pieces(
    encoding: &'static Encoding,
    bytes: &[u8],
    cuts: &[usize],
    out_len: usize,
) -> Option<String> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::new();
    let pieces = split(bytes, cuts);
    let count = pieces.len();
    for (i, piece) in pieces.into_iter().enumerate() {
        let last = i + 1 == count;
        let mut rest = piece;
        loop {
            let mut out = vec![0u8; out_len];
            let (result, read, written) =
                decoder.decode_to_utf8_without_replacement(rest, &mut out, last);
            text.push_str(std::str::from_utf8(&out[..written]).expect("decoder writes UTF-8"));
            rest = &rest[read..];
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(_, _) => return None,
            }
        }
    }
    Some(text)
}

/// Encodes `text` in the html error mode with the input cut at `cuts` (moved to char
/// boundaries) and an output buffer of `out_len` bytes per call.
pub fn encode_in_pieces(
    encoding: &'static Encoding,
    text: &str,
    cuts: &[usize],
    out_len: usize,
) -> (Vec<u8>, bool) {
    let mut encoder = encoding.new_encoder();
    let mut bytes = Vec::new();
    let mut had_unmappables = false;
    let pieces = split_str(text, cuts);
    let count = pieces.len();
    for (i, piece) in pieces.into_iter().enumerate() {
        let last = i + 1 == count;
        let mut rest = piece;
        loop {
            let mut out = vec![0u8; out_len];
            let (result, read, written, replaced) = encoder.encode_from_utf8(rest, &mut out, last);
            bytes.extend_from_slice(&out[..written]);
            had_unmappables |= replaced;
            rest = &rest[read..];
            match result {
                CoderResult::InputEmpty => break,
                CoderResult::OutputFull => {}
            }
        }
    }
    (bytes, had_unmappables)
}

/// `bytes` cut at `cuts` (any order, clamped to the length) into consecutive pieces.
pub fn split<'a, T>(bytes: &'a [T], cuts: &[usize]) -> Vec<&'a [T]> {
    let mut cuts: Vec<usize> = cuts.iter().map(|&c| c.min(bytes.len())).collect();
    cuts.sort_unstable();
    let mut pieces = Vec::new();
    let mut start = 0;
    for c in cuts {
        pieces.push(&bytes[start..c]);
        start = c;
    }
    pieces.push(&bytes[start..]);
    pieces
}

/// `text` cut at `cuts`, each moved back to a character boundary, into consecutive pieces.
pub fn split_str<'a>(text: &'a str, cuts: &[usize]) -> Vec<&'a str> {
    let mut cuts: Vec<usize> = cuts
        .iter()
        .map(|&c| {
            let mut c = c.min(text.len());
            while !text.is_char_boundary(c) {
                c -= 1;
            }
            c
        })
        .collect();
    cuts.sort_unstable();
    let mut pieces = Vec::new();
    let mut start = 0;
    for c in cuts {
        pieces.push(&text[start..c]);
        start = c;
    }
    pieces.push(&text[start..]);
    pieces
}

/// encoding_rs's encode of one string in the html mode, through its streaming encoder so
/// that UTF-16 and replacement encode as UTF-8 as ours do.
pub fn oracle_encode(name: &str, text: &str) -> (Vec<u8>, bool) {
    let (bytes, _, unmappable) = oracle(name).encode(text);
    (bytes.into_owned(), unmappable)
}

/// encoding_rs's fatal encode: the bytes, or the first unmappable character.
pub fn oracle_encode_fatal(name: &str, text: &str) -> Result<Vec<u8>, char> {
    let mut encoder = oracle(name).new_encoder();
    let mut out = Vec::with_capacity(
        encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap()
            + 16,
    );
    let (result, _) = encoder.encode_from_utf8_to_vec_without_replacement(text, &mut out, true);
    match result {
        encoding_rs::EncoderResult::InputEmpty => Ok(out),
        encoding_rs::EncoderResult::Unmappable(c) => Err(c),
        encoding_rs::EncoderResult::OutputFull => panic!("sized by encoding_rs's own bound"),
    }
}

/// Our fatal encode: the bytes, or the first unmappable character.
pub fn encode_fatal(encoding: &'static Encoding, text: &str) -> Result<Vec<u8>, char> {
    let mut encoder = encoding.new_encoder();
    let mut out = Vec::with_capacity(
        encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap(),
    );
    let mut read = 0;
    loop {
        let (result, r) =
            encoder.encode_from_utf8_to_vec_without_replacement(&text[read..], &mut out, true);
        read += r;
        match result {
            whatwg_encoding::EncoderResult::InputEmpty => return Ok(out),
            whatwg_encoding::EncoderResult::Unmappable(c) => return Err(c),
            whatwg_encoding::EncoderResult::OutputFull => out.reserve(64),
        }
    }
}

/// Asserts that we decode `bytes` as encoding_rs does, replacing errors and in the fatal
/// mode, without BOM handling.
pub fn check_decode(name: &str, bytes: &[u8]) {
    let (ours_text, ours_err) = ours(name).decode_without_bom_handling(bytes);
    let (theirs_text, theirs_err) = oracle(name).decode_without_bom_handling(bytes);
    assert_eq!(
        (&*ours_text, ours_err),
        (&*theirs_text, theirs_err),
        "{name}: decoding {bytes:02X?}"
    );
    let ours_fatal = ours(name).decode_without_bom_handling_and_without_replacement(bytes);
    let theirs_fatal = oracle(name).decode_without_bom_handling_and_without_replacement(bytes);
    assert_eq!(
        ours_fatal.as_deref(),
        theirs_fatal.as_deref(),
        "{name}: fatal decoding {bytes:02X?}"
    );
}

/// Asserts that we encode one string as encoding_rs does, in the html and the fatal modes.
pub fn check_encode(name: &str, text: &str) {
    let (ours_bytes, _, ours_unmappable) = ours(name).encode(text);
    let (theirs_bytes, theirs_unmappable) = oracle_encode(name, text);
    assert_eq!(
        (&*ours_bytes, ours_unmappable),
        (&theirs_bytes[..], theirs_unmappable),
        "{name}: encoding {text:?}"
    );
    assert_eq!(
        encode_fatal(ours(name), text),
        oracle_encode_fatal(name, text),
        "{name}: fatal encoding {text:?}"
    );
}

/// encoding_rs's decode of `bytes` (without BOM handling) to UTF-16, in one call, replacing
/// errors.
pub fn oracle_decode_utf16(name: &str, bytes: &[u8]) -> (Vec<u16>, bool) {
    let mut decoder = oracle(name).new_decoder_without_bom_handling();
    let mut out = vec![0u16; decoder.max_utf16_buffer_length(bytes.len()).unwrap()];
    let (result, read, written, replaced) = decoder.decode_to_utf16(bytes, &mut out, true);
    assert_eq!(
        (result, read),
        (encoding_rs::CoderResult::InputEmpty, bytes.len())
    );
    out.truncate(written);
    (out, replaced)
}

/// encoding_rs's fatal decode of `bytes` to UTF-16: the text up to the first error, and
/// whether an error stopped it.
pub fn oracle_decode_utf16_fatal(name: &str, bytes: &[u8]) -> Option<Vec<u16>> {
    let mut decoder = oracle(name).new_decoder_without_bom_handling();
    let mut out = vec![0u16; decoder.max_utf16_buffer_length(bytes.len()).unwrap()];
    let (result, _, written) = decoder.decode_to_utf16_without_replacement(bytes, &mut out, true);
    match result {
        encoding_rs::DecoderResult::InputEmpty => Some(out[..written].to_vec()),
        encoding_rs::DecoderResult::Malformed(..) => None,
        encoding_rs::DecoderResult::OutputFull => panic!("sized by encoding_rs's own bound"),
    }
}

/// Decodes `bytes` (without BOM handling) to UTF-16 with the input cut at `cuts` and an
/// output buffer of `out_len` code units per call; in the fatal mode, None at the first
/// error.
pub fn decode_utf16_in_pieces(
    encoding: &'static Encoding,
    bytes: &[u8],
    cuts: &[usize],
    out_len: usize,
    fatal: bool,
) -> Option<(Vec<u16>, bool)> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = Vec::new();
    let mut had_errors = false;
    let pieces = split(bytes, cuts);
    let count = pieces.len();
    for (i, piece) in pieces.into_iter().enumerate() {
        let last = i + 1 == count;
        let mut rest = piece;
        loop {
            let mut out = vec![0u16; out_len];
            let (result, read, written) = if fatal {
                decoder.decode_to_utf16_without_replacement(rest, &mut out, last)
            } else {
                let (result, read, written, replaced) =
                    decoder.decode_to_utf16(rest, &mut out, last);
                had_errors |= replaced;
                let result = match result {
                    CoderResult::InputEmpty => DecoderResult::InputEmpty,
                    CoderResult::OutputFull => DecoderResult::OutputFull,
                };
                (result, read, written)
            };
            text.extend_from_slice(&out[..written]);
            rest = &rest[read..];
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {
                    // Two code units always make progress.
                    assert!(read > 0 || written > 0 || out_len < 2, "no progress");
                }
                DecoderResult::Malformed(..) => return None,
            }
        }
    }
    Some((text, had_errors))
}

/// encoding_rs's encode of UTF-16 `units` in one call, in the html mode.
pub fn oracle_encode_utf16(name: &str, units: &[u16]) -> (Vec<u8>, bool) {
    let mut encoder = oracle(name).new_encoder();
    let mut out = Vec::new();
    let mut rest = units;
    let mut had_unmappables = false;
    loop {
        let mut buf = vec![0u8; 1024];
        let (result, read, written, replaced) = encoder.encode_from_utf16(rest, &mut buf, true);
        out.extend_from_slice(&buf[..written]);
        had_unmappables |= replaced;
        rest = &rest[read..];
        if result == encoding_rs::CoderResult::InputEmpty {
            return (out, had_unmappables);
        }
    }
}

/// encoding_rs's fatal encode of UTF-16 `units`: the bytes, or the first unmappable.
pub fn oracle_encode_utf16_fatal(name: &str, units: &[u16]) -> Result<Vec<u8>, char> {
    let mut encoder = oracle(name).new_encoder();
    let mut out = vec![
        0u8;
        encoder
            .max_buffer_length_from_utf16_without_replacement(units.len())
            .unwrap()
    ];
    let (result, _, written) = encoder.encode_from_utf16_without_replacement(units, &mut out, true);
    match result {
        encoding_rs::EncoderResult::InputEmpty => Ok(out[..written].to_vec()),
        encoding_rs::EncoderResult::Unmappable(c) => Err(c),
        encoding_rs::EncoderResult::OutputFull => panic!("sized by encoding_rs's own bound"),
    }
}

/// Encodes UTF-16 `units` with the input cut at `cuts` (anywhere, also between the two
/// halves of a surrogate pair) and an output buffer of `out_len` bytes per call; in the
/// fatal mode, the first unmappable.
pub fn encode_utf16_in_pieces(
    encoding: &'static Encoding,
    units: &[u16],
    cuts: &[usize],
    out_len: usize,
    fatal: bool,
) -> Result<(Vec<u8>, bool), char> {
    let mut encoder = encoding.new_encoder();
    let mut bytes = Vec::new();
    let mut had_unmappables = false;
    let pieces = split(units, cuts);
    let count = pieces.len();
    for (i, piece) in pieces.into_iter().enumerate() {
        let last = i + 1 == count;
        let mut rest = piece;
        loop {
            let mut out = vec![0u8; out_len];
            let (result, read, written) = if fatal {
                encoder.encode_from_utf16_without_replacement(rest, &mut out, last)
            } else {
                let (result, read, written, replaced) =
                    encoder.encode_from_utf16(rest, &mut out, last);
                had_unmappables |= replaced;
                let result = match result {
                    CoderResult::InputEmpty => whatwg_encoding::EncoderResult::InputEmpty,
                    CoderResult::OutputFull => whatwg_encoding::EncoderResult::OutputFull,
                };
                (result, read, written)
            };
            bytes.extend_from_slice(&out[..written]);
            rest = &rest[read..];
            match result {
                whatwg_encoding::EncoderResult::InputEmpty => break,
                whatwg_encoding::EncoderResult::OutputFull => {
                    assert!(read > 0 || written > 0 || out_len < 13, "no progress");
                }
                whatwg_encoding::EncoderResult::Unmappable(c) => return Err(c),
            }
        }
    }
    Ok((bytes, had_unmappables))
}
