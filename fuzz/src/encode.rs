//! Streaming encodes from UTF-8 (`&str`, into a slice or a `Vec`) and from UTF-16, in both
//! error modes, checking each call's contract as the decode drivers do: counts within the
//! buffers, `InputEmpty` only with the input read, progress with 13 bytes (replacing) or 4
//! (without replacement), no `OutputFull` with a buffer of the bound when nothing is
//! unmappable, and no output held back.

use whatwg_encoding::Encoder;

use crate::both::{AnyEncoder, Step};

use crate::{Size, Sizes};

/// The input forms of the streaming encoder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `encode_from_utf8*` into a byte slice.
    Utf8,
    /// `encode_from_utf8_to_vec*`, within the spare capacity of a `Vec`.
    Vec,
    /// `encode_from_utf16*` into a byte slice.
    Utf16,
}

/// The smallest buffer with which every call makes progress.
pub fn minimum(fatal: bool) -> usize {
    if fatal {
        4
    } else {
        13
    }
}

/// What an encode produced: the bytes between unmappable characters (one piece more than
/// unmappables; the replacing calls have one piece), the unmappables reported, and whether a
/// replacing call replaced anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub pieces: Vec<Vec<u8>>,
    pub unmappables: Vec<char>,
    pub replaced: bool,
}

impl Run {
    /// The bytes of an encode without unmappables, or of a replacing one.
    pub fn bytes(&self) -> &[u8] {
        assert!(self.unmappables.is_empty());
        &self.pieces[0]
    }

    /// The bytes with each unmappable written as its numeric character reference.
    pub fn with_references(&self) -> Vec<u8> {
        let mut out = self.pieces[0].clone();
        for (c, piece) in self.unmappables.iter().zip(&self.pieces[1..]) {
            out.extend_from_slice(crate::ncr(*c).as_bytes());
            out.extend_from_slice(piece);
        }
        out
    }
}

/// Input to a streaming encoder: chunks of a `&str` or of UTF-16.
#[derive(Debug, Clone, Copy)]
pub enum Chunks<'a> {
    Str(&'a [&'a str]),
    Utf16(&'a [&'a [u16]]),
}

impl Chunks<'_> {
    fn len(&self) -> usize {
        match self {
            Chunks::Str(c) => c.len(),
            Chunks::Utf16(c) => c.len(),
        }
    }

    fn chunk_len(&self, i: usize) -> usize {
        match self {
            Chunks::Str(c) => c[i].len(),
            Chunks::Utf16(c) => c[i].len(),
        }
    }
}

/// The bound for `len` more code units of the input form: what `Size::Bound` means.
pub fn bound(encoder: &Encoder, utf16: bool, len: usize, fatal: bool) -> usize {
    let b = match (utf16, fatal) {
        (false, false) => encoder.max_buffer_length_from_utf8_if_no_unmappables(len),
        (false, true) => encoder.max_buffer_length_from_utf8_without_replacement(len),
        (true, false) => encoder.max_buffer_length_from_utf16_if_no_unmappables(len),
        (true, true) => encoder.max_buffer_length_from_utf16_without_replacement(len),
    };
    b.expect("a bound for a small input")
}

/// The scalar values of `units` after a lead surrogate held from the previous call (if
/// `held`): a lone surrogate is U+FFFD.
fn scalars_utf16(held: bool, units: &[u16]) -> impl Iterator<Item = char> + '_ {
    let lead = held.then_some(0xD800u16);
    // Any lead surrogate stands for the held one: it pairs with a trail as the held one does.
    char::decode_utf16(lead.into_iter().chain(units.iter().copied()))
        .map(|r| r.unwrap_or('\u{FFFD}'))
}

/// Encodes `chunks` with `encoder` in `form` (`Chunks::Utf16` goes with `Form::Utf16`), each
/// call's buffer as `sizes` says; in the fatal mode, resumes after each unmappable from the
/// read count, as a client does. `unmappable` tells whether a scalar value is unmappable:
/// a call that stops with room for any mappable one must be facing an unmappable one whose
/// reference does not fit. `held`: the encoder holds a lead surrogate from earlier UTF-16.
pub fn stream(
    mut encoder: Encoder,
    mut held: bool,
    chunks: Chunks,
    sizes: &mut Sizes,
    form: Form,
    fatal: bool,
    unmappable: &dyn Fn(char) -> bool,
) -> Run {
    let utf16 = form == Form::Utf16;
    assert_eq!(utf16, matches!(chunks, Chunks::Utf16(_)));
    let mut run = Run {
        pieces: vec![Vec::new()],
        unmappables: Vec::new(),
        replaced: false,
    };
    let mut floor = 0;
    // `held`: a lead surrogate that ended the previous call's UTF-16, which the encoder holds.
    for i in 0..chunks.len() {
        let last = i + 1 == chunks.len();
        let mut start = 0;
        loop {
            let rest_len = chunks.chunk_len(i) - start;
            let (len, is_bound) = match sizes.next(floor) {
                Size::Exact(n) => (n, false),
                Size::Bound => (bound(&encoder, utf16, rest_len, fatal).max(floor), true),
            };
            // The scalar values this call faces, and whether one of them is unmappable.
            let ahead: Vec<char> = match chunks {
                Chunks::Str(c) => c[i][start..].chars().collect(),
                Chunks::Utf16(c) => scalars_utf16(held, &c[i][start..]).collect(),
            };
            let out = run.pieces.last_mut().expect("a piece");
            let (result, read, written, replaced, cap) = match (chunks, form) {
                (Chunks::Str(c), Form::Vec) => {
                    let src = &c[i][start..];
                    let before = out.len();
                    out.reserve(len);
                    let cap = out.capacity() - before;
                    let (r, read, replaced) = if fatal {
                        let (r, read) =
                            encoder.encode_from_utf8_to_vec_without_replacement(src, out, last);
                        (r.into(), read, false)
                    } else {
                        let (r, read, replaced) = encoder.encode_from_utf8_to_vec(src, out, last);
                        (r.into(), read, replaced)
                    };
                    (r, read, out.len() - before, replaced, cap)
                }
                (Chunks::Str(c), _) => {
                    let (r, read, bytes, replaced) =
                        encoder.encode_str(&c[i][start..], len, last, fatal);
                    out.extend_from_slice(&bytes);
                    (r, read, bytes.len(), replaced, len)
                }
                (Chunks::Utf16(c), _) => {
                    let (r, read, bytes, replaced) =
                        encoder.encode_utf16(&c[i][start..], len, last, fatal);
                    out.extend_from_slice(&bytes);
                    (r, read, bytes.len(), replaced, len)
                }
            };
            assert!(read <= rest_len, "read {read} of {rest_len}");
            if let Chunks::Str(c) = chunks {
                assert!(
                    c[i][start..].is_char_boundary(read),
                    "read {read} splits a character"
                );
            }
            assert!(!replaced || !fatal);
            run.replaced |= replaced;
            if let Chunks::Utf16(c) = chunks {
                let src = &c[i][start..];
                // A lead surrogate that ends the input of a call that is not the last is held
                // (an empty input keeps what was held); otherwise the held lead goes with the
                // first unit read, or is reported unmappable without reading any.
                if result == Step::InputEmpty && !last {
                    held = src.last().map_or(held, |&u| crate::is_lead(u));
                } else if read > 0 || matches!(result, Step::Unmappable(_)) {
                    held = false;
                } else if result == Step::InputEmpty {
                    // The last call, with nothing left: the held lead became U+FFFD.
                    held = false;
                }
            }
            start += read;
            floor = 0;
            match result {
                Step::InputEmpty => {
                    assert_eq!(read, rest_len, "InputEmpty with input unread");
                    if last {
                        assert!(
                            !encoder.has_pending_state(),
                            "pending state after the last call"
                        );
                    }
                    break;
                }
                Step::OutputFull => {
                    assert!(!is_bound || !fatal, "OutputFull without replacement with a buffer of the bound ({len}, {form:?})");
                    assert!(
                        !is_bound || ahead.iter().any(|&c| unmappable(c)),
                        "OutputFull with a buffer of the bound ({len}) and nothing unmappable ({form:?})"
                    );
                    let room = cap - written;
                    // Without replacement, every step writes at most four bytes; replacing, a
                    // reference after ISO-2022-JP's return to ASCII takes 13.
                    let largest = if fatal { 4 } else { 13 };
                    assert!(
                        room < largest,
                        "OutputFull with {room} of {cap} bytes free ({form:?})"
                    );
                    if room >= 4 {
                        // Only a numeric character reference takes more than four bytes: the
                        // call stopped before an unmappable scalar value.
                        let stopped_at = ahead_after(&chunks, i, start - read, read, &ahead);
                        assert!(
                            stopped_at.is_some_and(unmappable),
                            "OutputFull with {room} bytes free before {stopped_at:?}, which is mappable ({form:?})"
                        );
                    }
                    if read == 0 && written == 0 {
                        assert!(
                            cap < minimum(fatal),
                            "no progress with {cap} bytes ({form:?}, fatal {fatal})"
                        );
                        floor = minimum(fatal);
                    }
                }
                Step::Unmappable(c) => {
                    assert!(fatal, "Unmappable from a replacing call");
                    run.unmappables.push(c);
                    run.pieces.push(Vec::new());
                }
                Step::Malformed(..) => unreachable!("an encoder"),
            }
        }
    }
    run
}

/// The scalar value a call that read `read` code units of chunk `i` from `start` stopped
/// before (`ahead` being the values it faced). A surrogate pair is read whole, and a held lead
/// goes with the first unit read.
fn ahead_after(
    chunks: &Chunks,
    i: usize,
    start: usize,
    read: usize,
    ahead: &[char],
) -> Option<char> {
    match chunks {
        Chunks::Str(c) => c[i][start + read..].chars().next(),
        Chunks::Utf16(_) if read == 0 => ahead.first().copied(),
        Chunks::Utf16(c) => scalars_utf16(false, &c[i][start + read..]).next(),
    }
}
