//! Streaming decodes in every output form and both error modes, checking each call's
//! contract: counts within the buffers, whole characters per call, `InputEmpty` only with the
//! input read, progress with a buffer of the documented minimum, no `OutputFull` with a
//! buffer of the documented bound, and no output held back (a call stops only when the next
//! step's output does not fit).

use std::ops::Range;

use whatwg_encoding::{Decoder, Encoding};

use crate::both::{AnyDecoder, Step};

use crate::{Size, Sizes};

/// What a decoder does with a byte order mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bom {
    /// `new_decoder`: a UTF-8 or UTF-16 mark wins over the encoding.
    Sniff,
    /// `new_decoder_with_bom_removal`: the encoding's own mark is removed.
    Remove,
    /// `new_decoder_without_bom_handling`.
    Off,
}

impl Bom {
    pub fn pick(selector: u8) -> Bom {
        match selector % 3 {
            0 => Bom::Sniff,
            1 => Bom::Remove,
            _ => Bom::Off,
        }
    }

    pub fn decoder(self, encoding: &'static Encoding) -> Decoder {
        match self {
            Bom::Sniff => encoding.new_decoder(),
            Bom::Remove => encoding.new_decoder_with_bom_removal(),
            Bom::Off => encoding.new_decoder_without_bom_handling(),
        }
    }

    pub fn their_decoder(self, encoding: &'static encoding_rs::Encoding) -> encoding_rs::Decoder {
        match self {
            Bom::Sniff => encoding.new_decoder(),
            Bom::Remove => encoding.new_decoder_with_bom_removal(),
            Bom::Off => encoding.new_decoder_without_bom_handling(),
        }
    }

    /// The one-shot decode with this handling: the text, the encoding used, whether there
    /// were errors.
    pub fn one_shot(
        self,
        encoding: &'static Encoding,
        bytes: &[u8],
    ) -> (String, &'static str, bool) {
        match self {
            Bom::Sniff => {
                let (text, used, errors) = encoding.decode(bytes);
                (text.into_owned(), used.name(), errors)
            }
            Bom::Remove => {
                let (text, errors) = encoding.decode_with_bom_removal(bytes);
                (text.into_owned(), encoding.name(), errors)
            }
            Bom::Off => {
                let (text, errors) = encoding.decode_without_bom_handling(bytes);
                (text.into_owned(), encoding.name(), errors)
            }
        }
    }
}

/// The output forms of the streaming decoder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `decode_to_utf8*` into a byte slice.
    Utf8,
    /// `decode_to_utf16*` into a `u16` slice.
    Utf16,
    /// `decode_to_str*` into a `str` full of this character.
    Str(char),
    /// `decode_to_string*`, within the spare capacity of a `String`.
    String,
}

impl Form {
    /// The smallest buffer with which every call makes progress: four bytes of UTF-8, two
    /// code units of UTF-16.
    pub fn minimum(self) -> usize {
        match self {
            Form::Utf16 => 2,
            _ => 4,
        }
    }

    /// The most one step of a decoder writes: two code points (Big5's pointers 1133, 1135,
    /// 1164 and 1166), four bytes of UTF-8 or two code units of UTF-16. A call that returns
    /// `OutputFull` with this much room left has held output back.
    pub fn largest_step(self) -> usize {
        self.minimum()
    }
}

/// A malformed sequence as the without-replacement calls report it: `Malformed(len, after)`
/// when `at` bytes of the stream had been read (by the end of the call that reported it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Malformed {
    pub len: u8,
    pub after: u8,
    pub at: usize,
}

impl Malformed {
    /// Where the malformed bytes are in the stream: `len` bytes ending `after` bytes before
    /// `at`. It lies in what has been read.
    pub fn range(&self) -> Range<usize> {
        let end = self
            .at
            .checked_sub(self.after as usize)
            .expect("Malformed: more bytes after the sequence than were read");
        let start = end
            .checked_sub(self.len as usize)
            .expect("Malformed: the sequence starts before the stream");
        assert!(self.len > 0, "Malformed: an empty sequence");
        start..end
    }
}

/// What a decode produced: the text between errors (one piece more than errors; the
/// replacing calls have one piece), the errors, and whether a replacing call replaced
/// anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub pieces: Vec<String>,
    pub errors: Vec<Malformed>,
    pub replaced: bool,
    /// The decoder's encoding at the end (a byte order mark may have switched it).
    pub encoding: &'static str,
}

impl Run {
    /// The text with a U+FFFD for each error: what the replacing calls produce.
    pub fn replaced_text(&self) -> String {
        self.pieces.join("\u{FFFD}")
    }

    /// What does not depend on how the input was cut: the text between errors, where each
    /// malformed sequence is, and the encoding. (When an error is reported does: a UTF-16
    /// lead surrogate followed by another unit in the same call is malformed at once, where
    /// one that ends a call is malformed once the next call reads the unit after it.)
    pub fn shape(&self) -> (&[String], Vec<Range<usize>>, &'static str) {
        (
            &self.pieces,
            self.errors.iter().map(Malformed::range).collect(),
            self.encoding,
        )
    }

    /// The text of a decode without errors.
    pub fn text(&self) -> &str {
        assert!(self.errors.is_empty());
        &self.pieces[0]
    }
}

/// One call in `form`, appending its output to `out`: (result, read, written, replaced, the
/// buffer's real size). `len` is the size asked for; the call's output is checked to be whole
/// characters, and the buffer's contents past it to be what the form promises.
fn call(
    decoder: &mut Decoder,
    form: Form,
    src: &[u8],
    len: usize,
    last: bool,
    fatal: bool,
    out: &mut String,
) -> (Step, usize, usize, bool, usize) {
    match form {
        Form::Utf8 | Form::Utf16 => {
            let utf16 = form == Form::Utf16;
            let (step, read, text, replaced) =
                AnyDecoder::call(decoder, src, len, last, fatal, utf16);
            let written = if utf16 {
                text.encode_utf16().count()
            } else {
                text.len()
            };
            out.push_str(&text);
            (step, read, written, replaced, len)
        }
        Form::Str(filler) => {
            // At least `len` bytes of whole fillers.
            let count = len.div_ceil(filler.len_utf8());
            let mut buf: String = std::iter::repeat_n(filler, count).collect();
            let (r, read, written, replaced) = if fatal {
                let (r, read, written) =
                    decoder.decode_to_str_without_replacement(src, &mut buf, last);
                (r.into(), read, written, false)
            } else {
                let (r, read, written, replaced) = decoder.decode_to_str(src, &mut buf, last);
                (r.into(), read, written, replaced)
            };
            let text = buf
                .get(..written)
                .expect("decode_to_str: written ends a character");
            out.push_str(text);
            // Past what was written: zeros where the decoder may have written, then the
            // filler's own whole characters.
            let tail = &buf[written..];
            assert!(
                tail.trim_start_matches('\0').chars().all(|c| c == filler),
                "decode_to_str left {tail:?} after its output"
            );
            (r, read, written, replaced, buf.len())
        }
        Form::String => {
            let before = out.len();
            out.reserve(len);
            let cap = out.capacity() - before;
            let (r, read, replaced) = if fatal {
                let (r, read) = decoder.decode_to_string_without_replacement(src, out, last);
                (r.into(), read, false)
            } else {
                let (r, read, replaced) = decoder.decode_to_string(src, out, last);
                (r.into(), read, replaced)
            };
            (r, read, out.len() - before, replaced, cap)
        }
    }
}

/// The bound for `len` more bytes in `form`: what `Size::Bound` means.
pub fn bound(decoder: &Decoder, form: Form, len: usize, fatal: bool) -> usize {
    AnyDecoder::bound(decoder, len, fatal, form == Form::Utf16).expect("a bound for a small input")
}

/// Decodes `chunks` with `decoder` in `form`, each call's buffer as `sizes` says; in the
/// fatal mode, resumes after each error from the read count, as a client does. Checks every
/// call's contract on the way.
pub fn stream(
    decoder: Decoder,
    chunks: &[&[u8]],
    sizes: &mut Sizes,
    form: Form,
    fatal: bool,
) -> Run {
    stream_from(decoder, 0, chunks, sizes, form, fatal)
}

/// As [`stream`], with a decoder that has read `offset` bytes already.
pub fn stream_from(
    mut decoder: Decoder,
    offset: usize,
    chunks: &[&[u8]],
    sizes: &mut Sizes,
    form: Form,
    fatal: bool,
) -> Run {
    let mut run = Run {
        pieces: vec![String::new()],
        errors: Vec::new(),
        replaced: false,
        encoding: "",
    };
    let mut total = offset;
    // After a call that made no progress with a buffer below the minimum, the next call
    // gets at least the minimum.
    let mut floor = 0;
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut src = *chunk;
        loop {
            let (len, is_bound) = match sizes.next(floor) {
                Size::Exact(n) => (n, false),
                Size::Bound => (bound(&decoder, form, src.len(), fatal).max(floor), true),
            };
            let out = run.pieces.last_mut().expect("a piece");
            let before = out.len();
            let (result, read, written, replaced, cap) =
                call(&mut decoder, form, src, len, last, fatal, out);
            if form != Form::Utf16 {
                assert_eq!(
                    out.len() - before,
                    written,
                    "written counts the bytes of UTF-8"
                );
            }
            assert!(read <= src.len(), "read {read} of {}", src.len());
            assert!(!replaced || !fatal);
            run.replaced |= replaced;
            total += read;
            src = &src[read..];
            floor = 0;
            match result {
                Step::InputEmpty => {
                    assert!(src.is_empty(), "InputEmpty with {} bytes unread", src.len());
                    break;
                }
                Step::OutputFull => {
                    assert!(
                        !is_bound,
                        "OutputFull with a buffer of the bound ({len}), {form:?}"
                    );
                    assert!(
                        cap - written < form.largest_step(),
                        "OutputFull with {} of {cap} units free: output held back ({form:?})",
                        cap - written
                    );
                    if read == 0 && written == 0 {
                        assert!(
                            cap < form.minimum(),
                            "no progress with {cap} units ({form:?})"
                        );
                        floor = form.minimum();
                    }
                }
                Step::Unmappable(_) => unreachable!("a decoder"),
                Step::Malformed(len, after) => {
                    assert!(fatal, "Malformed from a replacing call");
                    let m = Malformed {
                        len,
                        after,
                        at: total,
                    };
                    let _ = m.range();
                    run.errors.push(m);
                    run.pieces.push(String::new());
                }
            }
        }
    }
    run.encoding = decoder.encoding().name();
    run
}

/// The reference decode: the whole input in one call per error, each with a buffer of the
/// bound, as UTF-8.
pub fn reference(decoder: Decoder, bytes: &[u8], fatal: bool) -> Run {
    stream(decoder, &[bytes], &mut Sizes::new(&[]), Form::Utf8, fatal)
}

/// Section 2's guarantee for the ASCII-compatible multi-byte encodings: an ASCII byte is never
/// part of a malformed sequence, so none that follows an invalid sequence disappears. The
/// exceptions are gb18030's (and GBK's): at the end of the queue, whatever a four-byte
/// sequence held (its second byte is a digit) is one error; and a four-byte sequence whose
/// pointer has no code point (`84 31 A5 30`) is one error, digits and all.
pub fn check_ascii_not_masked(encoding: &str, bytes: &[u8], errors: &[Malformed]) {
    for m in errors {
        let range = m.range();
        let seq = &bytes[range.clone()];
        if !seq.iter().any(u8::is_ascii) {
            continue;
        }
        let gb = matches!(encoding, "gb18030" | "GBK");
        let four_byte_shape = |s: &[u8]| {
            s.iter().enumerate().all(|(i, &b)| {
                if i % 2 == 0 {
                    (0x81..=0xFE).contains(&b)
                } else {
                    b.is_ascii_digit()
                }
            })
        };
        let at_end = range.end == bytes.len() && (2..=3).contains(&seq.len());
        let unmapped_four = seq.len() == 4;
        assert!(
            gb && four_byte_shape(seq) && (at_end || unmapped_four),
            "{encoding}: the malformed sequence {seq:02X?} at {range:?} holds an ASCII byte"
        );
    }
}
