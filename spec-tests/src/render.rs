//! Renders what the runtime does into diff-friendly text for the insta snapshots: one mapping
//! per line, in a stable order, so that a one-entry change in the data is a one-line change.

use std::fmt::Write;

use whatwg_encoding::Encoding;

/// The header of an index snapshot: the index's name, Identifier and Date, as compiled in.
pub fn header(index: &str) -> String {
    let (_, identifier, date) = whatwg_encoding::data::indexes()
        .iter()
        .find(|(name, _, _)| *name == index)
        .copied()
        .unwrap_or((index, "", ""));
    format!("# index {index}\n# Identifier: {identifier}\n# Date: {date}\n")
}

/// `U+20AC €`, with control characters shown by their code point only.
pub fn show(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write!(out, "U+{:04X}", c as u32).unwrap();
    }
    let printable: String = text.chars().filter(|c| !c.is_control()).collect();
    if !printable.is_empty() {
        write!(out, "\t{printable}").unwrap();
    }
    out
}

/// `81 40`
pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Decodes `bytes` in the fatal mode: the text, if they are one valid sequence.
pub fn decode_exact(encoding: &'static Encoding, bytes: &[u8]) -> Option<String> {
    encoding
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(|t| t.into_owned())
}

/// An index snapshot: `pointer<TAB>bytes<TAB>U+XXXX<TAB>character` for every pointer whose
/// bytes (by `bytes_of`) decode, in `encoding`, to something.
pub fn index_by_pointer(
    index: &str,
    encoding: &'static Encoding,
    pointers: impl Iterator<Item = u32>,
    bytes_of: impl Fn(u32) -> Vec<u8>,
) -> String {
    let mut out = header(index);
    writeln!(
        out,
        "# pointer\tbytes in {}\tcode point(s)\tcharacter(s)",
        encoding.name()
    )
    .unwrap();
    for p in pointers {
        let bytes = bytes_of(p);
        if let Some(text) = decode_exact(encoding, &bytes) {
            writeln!(out, "{p}\t{}\t{}", hex(&bytes), show(&text)).unwrap();
        }
    }
    out
}

/// An encoder snapshot: `U+XXXX<TAB>character<TAB>bytes` for every scalar value above ASCII
/// that `encoding` encodes (fatal mode), in code point order. Runs of consecutive code points
/// whose byte sequences are consecutive four-byte gb18030 sequences are folded into one
/// `U+A..U+B` line, as index gb18030 ranges describes them.
pub fn encoder(encoding: &'static Encoding) -> String {
    let mut out = format!(
        "# encoder {}\n# code point\tcharacter\tbytes\n",
        encoding.name()
    );
    let mut run: Option<(char, char, Vec<u8>, Vec<u8>)> = None;
    let flush = |out: &mut String, run: &mut Option<(char, char, Vec<u8>, Vec<u8>)>| {
        if let Some((a, b, first, last)) = run.take() {
            if a == b {
                writeln!(out, "U+{:04X}\t{}\t{}", a as u32, printable(a), hex(&first)).unwrap();
            } else {
                writeln!(
                    out,
                    "U+{:04X}..U+{:04X}\t\t{}..{}",
                    a as u32,
                    b as u32,
                    hex(&first),
                    hex(&last)
                )
                .unwrap();
            }
        }
    };
    let mut buf = [0u8; 4];
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        let Ok(bytes) = crate::encode_fatal(encoding, c.encode_utf8(&mut buf)) else {
            flush(&mut out, &mut run);
            continue;
        };
        if bytes.len() == 4 && encoding.name() == "gb18030" {
            if let Some((_, b, _, last)) = &mut run {
                if *b as u32 + 1 == c as u32 && gb18030_next(last) == bytes {
                    *b = c;
                    *last = bytes;
                    continue;
                }
            }
            flush(&mut out, &mut run);
            run = Some((c, c, bytes.clone(), bytes));
        } else {
            flush(&mut out, &mut run);
            writeln!(out, "U+{:04X}\t{}\t{}", c as u32, printable(c), hex(&bytes)).unwrap();
        }
    }
    flush(&mut out, &mut run);
    out
}

fn printable(c: char) -> String {
    if c.is_control() {
        String::new()
    } else {
        c.to_string()
    }
}

/// The four-byte gb18030 sequence after `seq`.
pub fn gb18030_next(seq: &[u8]) -> Vec<u8> {
    let p = gb18030_four_byte_pointer(seq) + 1;
    gb18030_four_bytes(p).to_vec()
}

/// Section 10.2.1 step 3.2's pointer of a four-byte sequence.
pub fn gb18030_four_byte_pointer(seq: &[u8]) -> u32 {
    (seq[0] as u32 - 0x81) * 12600
        + (seq[1] as u32 - 0x30) * 1260
        + (seq[2] as u32 - 0x81) * 10
        + (seq[3] as u32 - 0x30)
}

/// Section 10.2.2 steps 10 to 16: the four bytes of a ranges pointer.
pub fn gb18030_four_bytes(p: u32) -> [u8; 4] {
    [
        (p / 12600 + 0x81) as u8,
        (p % 12600 / 1260 + 0x30) as u8,
        (p % 1260 / 10 + 0x81) as u8,
        (p % 10 + 0x30) as u8,
    ]
}
