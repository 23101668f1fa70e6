//! The same inputs through whatwg-encoding and encoding_rs 0.8.44: the results must be equal,
//! but for the documented differences, which are tolerated exactly:
//!
//! - our streaming calls never hold output back, so with small buffers the read counts
//!   differ: those runs compare the text laid end to end; exact (result, read, written) are
//!   compared call by call with buffers of the bound (of both libraries);
//! - a lead surrogate that ends an `encode_from_utf16*` call (not the last) is held and pairs
//!   with the next call's trail (encoding_rs writes U+FFFD for both): split UTF-16 is compared
//!   with encoding_rs's encode of the whole, and the call-by-call comparison cuts elsewhere;
//! - `latin1_byte_compatible_up_to`: encoding_rs leaves out an ASCII run that ends the input
//!   in the single-byte encodings, and says None right after ISO-2022-JP's escape into ASCII.
//! - a malformed sequence among the bytes held by earlier calls while looking for a byte
//!   order mark: ours counts the held bytes after it in `Malformed`'s `after`, encoding_rs
//!   leaves them out and so places the error up to two bytes late.
//!
//! Also the labels, the BOM sniffing, the `valid_up_to` functions and the `mem` module.

#![no_main]

use arbitrary::Arbitrary;
use encoding_rs::mem as their_mem;
use libfuzzer_sys::fuzz_target;
use whatwg_encoding::mem as our_mem;
use whatwg_encoding::Encoding;
use whatwg_encoding_fuzz::both::{AnyDecoder, AnyEncoder, Step};
use whatwg_encoding_fuzz::decode::Bom;
use whatwg_encoding_fuzz::{
    chunks, is_lead, ours, pick, str_chunks, theirs, units_le, Size, Sizes,
};

#[derive(Arbitrary, Debug)]
enum Input {
    Decode {
        encoding: u8,
        bom: u8,
        cuts: Vec<u8>,
        sizes: Vec<u8>,
        probe: Vec<u8>,
        bytes: Vec<u8>,
    },
    Encode {
        encoding: u8,
        utf16: bool,
        cuts: Vec<u8>,
        sizes: Vec<u8>,
        data: Vec<u8>,
    },
    Mem {
        dst: u16,
        extra: u8,
        data: Vec<u8>,
    },
    Label(Vec<u8>),
}

fuzz_target!(|input: Input| match input {
    Input::Decode {
        encoding,
        bom,
        cuts,
        sizes,
        probe,
        bytes,
    } => {
        decode(
            pick(encoding),
            Bom::pick(bom),
            &cuts,
            &sizes,
            &probe,
            &bytes,
        )
    }
    Input::Encode {
        encoding,
        utf16,
        cuts,
        sizes,
        data,
    } => encode(pick(encoding), utf16, &cuts, &sizes, &data),
    Input::Mem { dst, extra, data } => mem(dst as usize, extra as usize, &data),
    Input::Label(bytes) => label(&bytes),
});

fn decode(name: &str, bom: Bom, cuts: &[u8], sizes: &[u8], probe: &[u8], bytes: &[u8]) {
    let (a, b) = (ours(name), theirs(name));
    // One-shot, every BOM handling.
    let (t1, e1, r1) = a.decode(bytes);
    let (t2, e2, r2) = b.decode(bytes);
    assert_eq!(
        (&*t1, e1.name(), r1),
        (&*t2, e2.name(), r2),
        "{name}: decode {bytes:02X?}"
    );
    let (t1, r1) = a.decode_with_bom_removal(bytes);
    let (t2, r2) = b.decode_with_bom_removal(bytes);
    assert_eq!(
        (&*t1, r1),
        (&*t2, r2),
        "{name}: decode_with_bom_removal {bytes:02X?}"
    );
    let (t1, r1) = a.decode_without_bom_handling(bytes);
    let (t2, r2) = b.decode_without_bom_handling(bytes);
    assert_eq!(
        (&*t1, r1),
        (&*t2, r2),
        "{name}: decode_without_bom_handling {bytes:02X?}"
    );
    let t1 = a.decode_without_bom_handling_and_without_replacement(bytes);
    let t2 = b.decode_without_bom_handling_and_without_replacement(bytes);
    assert_eq!(
        t1.as_deref(),
        t2.as_deref(),
        "{name}: without replacement {bytes:02X?}"
    );

    let pieces = chunks(bytes, cuts);
    // Into a `String`'s spare capacity (what goes in without the decode loop, written
    // uninitialised), a string of a size from `sizes` emptied each time it fills.
    let capacity = 4 + usize::from(sizes.first().copied().unwrap_or(0));
    let theirs_text = b.decode_without_bom_handling(bytes);
    let into_strings = decode_to_strings(a, &pieces, capacity, false);
    assert_eq!(
        into_strings.as_ref().map(|(t, r)| (&**t, *r)),
        Some((&*theirs_text.0, theirs_text.1)),
        "{name}: decode_to_string, capacity {capacity}: {pieces:02X?}"
    );
    let theirs_fatal = b.decode_without_bom_handling_and_without_replacement(bytes);
    assert_eq!(
        decode_to_strings(a, &pieces, capacity, true).map(|(t, _)| t),
        theirs_fatal.map(|t| t.into_owned()),
        "{name}: decode_to_string_without_replacement, capacity {capacity}: {pieces:02X?}"
    );
    for fatal in [false, true] {
        for utf16 in [false, true] {
            lockstep_decode(name, bom, &pieces, probe, fatal, utf16);
            let x = small_buffers(bom.decoder(ours(name)), &pieces, sizes, fatal, utf16);
            let mut y = small_buffers(
                bom.their_decoder(theirs(name)),
                &pieces,
                sizes,
                fatal,
                utf16,
            );
            // An error among bytes held for a byte order mark: encoding_rs places it up to
            // two bytes late, at most at 2 (see the top of this file).
            if bom != Bom::Off && is_bom_prefix(&bytes[..bytes.len().min(2)]) {
                for (ours_at, theirs_at) in x.1.iter().zip(&mut y.1) {
                    if ours_at < theirs_at && *theirs_at <= 2 {
                        *theirs_at = *ours_at;
                    }
                }
            }
            assert_eq!(
                x, y,
                "{name} {bom:?} fatal {fatal} utf16 {utf16}: {pieces:02X?} with sizes {sizes:?}"
            );
        }
    }
}

/// `pieces` through `decode_to_string` (or `_without_replacement` if `fatal`) without BOM
/// handling, into a string of `capacity` bytes emptied into the result whenever it fills:
/// the text and whether errors were replaced, None at the first error if `fatal`.
fn decode_to_strings(
    encoding: &'static Encoding,
    pieces: &[&[u8]],
    capacity: usize,
    fatal: bool,
) -> Option<(String, bool)> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut string = String::with_capacity(capacity);
    let capacity = string.capacity();
    let (mut text, mut replaced) = (String::new(), false);
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let mut rest = *piece;
        loop {
            let (full, read) = if fatal {
                let (result, read) =
                    decoder.decode_to_string_without_replacement(rest, &mut string, last);
                if let whatwg_encoding::DecoderResult::Malformed(_, _) = result {
                    return None;
                }
                (result == whatwg_encoding::DecoderResult::OutputFull, read)
            } else {
                let (result, read, r) = decoder.decode_to_string(rest, &mut string, last);
                replaced |= r;
                (result == whatwg_encoding::CoderResult::OutputFull, read)
            };
            assert!(string.capacity() == capacity && read <= rest.len());
            rest = &rest[read..];
            text.push_str(&string);
            string.clear();
            if !full {
                assert!(rest.is_empty());
                break;
            }
        }
    }
    if pieces.is_empty() {
        // No call was last: end the stream as a client would.
        let (_, _, r) = decoder.decode_to_string(&[], &mut string, true);
        replaced |= r;
        text.push_str(&string);
    }
    Some((text, replaced))
}

/// Both decoders, the same pieces, buffers of the larger bound: every call must report the
/// same result, counts and output, resuming after each error as a client does; and
/// `latin1_byte_compatible_up_to(probe)` must agree before each call.
fn lockstep_decode(name: &str, bom: Bom, pieces: &[&[u8]], probe: &[u8], fatal: bool, utf16: bool) {
    let mut a = bom.decoder(ours(name));
    let mut b = bom.their_decoder(theirs(name));
    let mut consumed: Vec<u8> = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let mut piece = *piece;
        loop {
            let current = a.encoding();
            let ours_latin1 = a.latin1_byte_compatible_up_to(probe);
            let theirs_latin1 = b.latin1_byte_compatible_up_to(probe);
            if current.is_single_byte() && current.name() != "x-user-defined" {
                // encoding_rs leaves out an ASCII run that ends the input (section 9).
                let trailing_ascii = probe.iter().rev().take_while(|b| b.is_ascii()).count();
                let expected = match ours_latin1 {
                    Some(n) if n == probe.len() => Some(n - trailing_ascii),
                    n => n,
                };
                assert_eq!(theirs_latin1, expected, "{name}: latin1 {probe:02X?}");
            } else if current.name() == "ISO-2022-JP"
                && consumed.ends_with(b"\x1B(B")
                && theirs_latin1.is_none()
            {
                // Right after an escape into ASCII, encoding_rs says None; the decoder is in
                // the ASCII state, as it starts.
                let expected = Encoding::iso_2022_jp_ascii_valid_up_to(probe);
                assert_eq!(
                    ours_latin1,
                    Some(expected),
                    "{name}: latin1 {probe:02X?} after {consumed:02X?}"
                );
            } else {
                assert_eq!(
                    ours_latin1, theirs_latin1,
                    "{name}: latin1 {probe:02X?} after {consumed:02X?}"
                );
            }
            let len = a
                .bound(piece.len(), fatal, utf16)
                .unwrap()
                .max(b.bound(piece.len(), fatal, utf16).unwrap());
            let x = a.call(piece, len, last, fatal, utf16);
            let mut y = b.call(piece, len, last, fatal, utf16);
            if let (Step::Malformed(len, after), Step::Malformed(their_len, their_after)) =
                (x.0, y.0)
            {
                // Held for a byte order mark: ours ends the error inside the held bytes.
                let held = bom != Bom::Off && consumed.len() <= 2 && is_bom_prefix(&consumed);
                let ends_at = consumed.len() + x.1 - after as usize;
                if held
                    && len == their_len
                    && after > their_after
                    && (1..=consumed.len()).contains(&ends_at)
                {
                    y.0 = x.0;
                }
            }
            assert_eq!(
                x, y,
                "{name} {bom:?} fatal {fatal} utf16 {utf16}: {pieces:02X?}, piece {i}: ours, encoding_rs (result, read, output, replaced)"
            );
            assert_eq!(a.encoding_name(), b.encoding_name());
            let (step, read, _, _) = x;
            consumed.extend_from_slice(&piece[..read]);
            piece = &piece[read..];
            match step {
                Step::InputEmpty => break,
                Step::Malformed(..) => {}
                _ => panic!("{name}: {step:?} with the bound"),
            }
        }
    }
}

/// Whether `bytes` begins a byte order mark (UTF-8, UTF-16BE or UTF-16LE): what a decoder
/// that sniffs holds until it knows.
fn is_bom_prefix(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && [&b"\xEF\xBB\xBF"[..], b"\xFE\xFF", b"\xFF\xFE"]
            .iter()
            .any(|bom| bom.starts_with(bytes))
}

/// The text between errors, where each malformed sequence ends in the stream, and whether a
/// replacing decode replaced anything.
type Outcome = (Vec<String>, Vec<usize>, bool);

/// Decodes the pieces with buffers as `sizes` says, but at least the minimum that
/// encoding_rs requires (four bytes of UTF-8, two code units of UTF-16; the decode target
/// tries ours with less), resuming after each error.
fn small_buffers<D: AnyDecoder>(
    mut d: D,
    pieces: &[&[u8]],
    sizes: &[u8],
    fatal: bool,
    utf16: bool,
) -> Outcome {
    let mut sizes = Sizes::new(sizes);
    let (mut texts, mut errors, mut replaced) = (vec![String::new()], Vec::new(), false);
    let mut total = 0;
    let mut floor = if utf16 { 2 } else { 4 };
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let mut src = *piece;
        loop {
            let len = match sizes.next(floor) {
                Size::Exact(n) => n,
                Size::Bound => d.bound(src.len(), fatal, utf16).unwrap(),
            };
            let (step, read, out, rep) = d.call(src, len, last, fatal, utf16);
            total += read;
            src = &src[read..];
            replaced |= rep;
            let progress = read > 0 || !out.is_empty();
            texts.last_mut().expect("a text").push_str(&out);
            match step {
                Step::InputEmpty => break,
                Step::Malformed(_, after) => {
                    errors.push(total - after as usize);
                    texts.push(String::new());
                }
                _ if !progress => floor = (floor * 2).max(len + 1),
                _ => {}
            }
        }
    }
    (texts, errors, replaced)
}

fn encode(name: &str, utf16: bool, cuts: &[u8], sizes: &[u8], data: &[u8]) {
    let (a, b) = (ours(name), theirs(name));
    let units: Vec<u16> = if utf16 {
        units_le(data)
    } else {
        String::from_utf8_lossy(data).encode_utf16().collect()
    };
    let text = String::from_utf16_lossy(&units);
    // One-shot.
    let (x, e1, u1) = a.encode(&text);
    let (y, e2, u2) = b.encode(&text);
    assert_eq!(
        (&*x, e1.name(), u1),
        (&*y, e2.name(), u2),
        "{name}: encode {text:?}"
    );

    // Call by call, from UTF-8 and from UTF-16 cut where no lead surrogate ends a piece.
    let str_pieces = str_chunks(&text, cuts);
    let unit_pieces = chunks(&units, cuts);
    // No cut right after a lead surrogate (the last piece may end with one).
    let mut fixed: Vec<&[u16]> = Vec::new();
    let (mut start, mut end) = (0, 0);
    for piece in &unit_pieces[..unit_pieces.len() - 1] {
        end += piece.len();
        if end == 0 || !is_lead(units[end - 1]) {
            fixed.push(&units[start..end]);
            start = end;
        }
    }
    fixed.push(&units[start..]);
    for fatal in [false, true] {
        lockstep_encode(name, Input8Or16::Str(&str_pieces), fatal);
        lockstep_encode(name, Input8Or16::Utf16(&fixed), fatal);
    }

    // Split anywhere, small buffers: the text laid end to end is encoding_rs's encode of the
    // whole (UTF-16: of the unsplit units), replacing and (references between pieces) not.
    for fatal in [false, true] {
        let whole_theirs =
            encode_pieces(b.new_encoder(), Input8Or16::Utf16(&[&units]), None, fatal);
        let ours8 = encode_pieces(
            a.new_encoder(),
            Input8Or16::Str(&str_pieces),
            Some(sizes),
            fatal,
        );
        let ours16 = encode_pieces(
            a.new_encoder(),
            Input8Or16::Utf16(&unit_pieces),
            Some(sizes),
            fatal,
        );
        assert_eq!(
            ours8, whole_theirs,
            "{name} fatal {fatal}: {text:?} cut at {cuts:?} from UTF-8"
        );
        assert_eq!(
            ours16, whole_theirs,
            "{name} fatal {fatal}: {units:04X?} cut at {cuts:?} from UTF-16"
        );
    }
}

#[derive(Clone, Copy)]
enum Input8Or16<'a> {
    Str(&'a [&'a str]),
    Utf16(&'a [&'a [u16]]),
}

impl Input8Or16<'_> {
    fn len(&self) -> usize {
        match self {
            Input8Or16::Str(p) => p.len(),
            Input8Or16::Utf16(p) => p.len(),
        }
    }

    /// Piece `i` from code unit `at`: its length, and one call on it.
    fn call<E: AnyEncoder>(
        &self,
        e: &mut E,
        i: usize,
        at: usize,
        len: impl Fn(usize) -> usize,
        last: bool,
        fatal: bool,
    ) -> (Step, usize, Vec<u8>, bool) {
        match self {
            Input8Or16::Str(p) => e.encode_str(&p[i][at..], len(p[i].len() - at), last, fatal),
            Input8Or16::Utf16(p) => e.encode_utf16(&p[i][at..], len(p[i].len() - at), last, fatal),
        }
    }
}

/// Both encoders, the same pieces, buffers with room for a reference per code unit (the
/// replacing calls never fill them): every call must agree, and so must `has_pending_state`
/// after it.
fn lockstep_encode(name: &str, pieces: Input8Or16, fatal: bool) {
    let mut a = ours(name).new_encoder();
    let mut b = theirs(name).new_encoder();
    let room = |n: usize| 16 * n + 16;
    for i in 0..pieces.len() {
        let last = i + 1 == pieces.len();
        let mut at = 0;
        loop {
            let x = pieces.call(&mut a, i, at, room, last, fatal);
            let y = pieces.call(&mut b, i, at, room, last, fatal);
            assert_eq!(x, y, "{name} fatal {fatal}, piece {i}: ours, encoding_rs (result, read, bytes, replaced)");
            assert_eq!(
                a.has_pending_state(),
                b.has_pending_state(),
                "{name}: has_pending_state"
            );
            at += x.1;
            match x.0 {
                Step::InputEmpty => break,
                Step::Unmappable(_) => {}
                step => panic!("{name}: {step:?} with room for a reference per unit"),
            }
        }
    }
}

/// Encodes the pieces, each call's buffer as `sizes` says (at least what makes progress),
/// or with room for a reference per code unit (`None`); in the fatal mode, writes each
/// unmappable's reference and goes on. The bytes and the unmappables.
fn encode_pieces<E: AnyEncoder>(
    mut e: E,
    pieces: Input8Or16,
    sizes: Option<&[u8]>,
    fatal: bool,
) -> (Vec<u8>, Vec<char>) {
    let mut sizes = sizes.map(Sizes::new);
    let (mut out, mut unmappables) = (Vec::new(), Vec::new());
    let floor = if fatal { 4 } else { 13 };
    for i in 0..pieces.len() {
        let last = i + 1 == pieces.len();
        let mut at = 0;
        loop {
            let len = match sizes.as_mut().map(|s| s.next(floor)) {
                Some(Size::Exact(n)) => n,
                Some(Size::Bound) => 64,
                None => usize::MAX,
            };
            let room = |n: usize| if len == usize::MAX { 16 * n + 16 } else { len };
            let (step, read, bytes, _) = pieces.call(&mut e, i, at, room, last, fatal);
            out.extend_from_slice(&bytes);
            at += read;
            match step {
                Step::InputEmpty => break,
                Step::Unmappable(c) => {
                    out.extend_from_slice(format!("&#{};", c as u32).as_bytes());
                    unmappables.push(c);
                }
                Step::OutputFull => assert!(len != usize::MAX, "{:?}: OutputFull with room", step),
                Step::Malformed(..) => unreachable!("an encoder"),
            }
        }
    }
    (out, unmappables)
}

fn label(bytes: &[u8]) {
    let name = |e: Option<&'static Encoding>| e.map(|e| e.name());
    let their_name = |e: Option<&'static encoding_rs::Encoding>| e.map(|e| e.name());
    assert_eq!(
        name(Encoding::for_label(bytes)),
        their_name(encoding_rs::Encoding::for_label(bytes)),
        "for_label {bytes:02X?}"
    );
    assert_eq!(
        name(Encoding::for_label_no_replacement(bytes)),
        their_name(encoding_rs::Encoding::for_label_no_replacement(bytes)),
        "for_label_no_replacement {bytes:02X?}"
    );
    assert_eq!(
        Encoding::lookup(bytes).ok().map(|e| e.name()),
        name(Encoding::for_label(bytes))
    );
    let bom_a = Encoding::for_bom(bytes).map(|(e, n)| (e.name(), n));
    let bom_b = encoding_rs::Encoding::for_bom(bytes).map(|(e, n)| (e.name(), n));
    assert_eq!(bom_a, bom_b, "for_bom {bytes:02X?}");
    assert_eq!(
        Encoding::utf8_valid_up_to(bytes),
        encoding_rs::Encoding::utf8_valid_up_to(bytes)
    );
    assert_eq!(
        Encoding::ascii_valid_up_to(bytes),
        encoding_rs::Encoding::ascii_valid_up_to(bytes)
    );
    assert_eq!(
        Encoding::iso_2022_jp_ascii_valid_up_to(bytes),
        encoding_rs::Encoding::iso_2022_jp_ascii_valid_up_to(bytes)
    );
    if let Some(e) = Encoding::for_label(bytes) {
        let t = encoding_rs::Encoding::for_label(bytes).expect("the same");
        assert_eq!(
            (
                e.is_ascii_compatible(),
                e.is_single_byte(),
                e.output_encoding().name()
            ),
            (
                t.is_ascii_compatible(),
                t.is_single_byte(),
                t.output_encoding().name()
            ),
            "{}",
            e.name()
        );
    }
}

/// The `mem` functions on the bytes (as UTF-8, Latin1 and UTF-16), with destinations of the
/// documented length plus `extra`, or of any length `dst` for the partial conversions.
fn mem(dst: usize, extra: usize, data: &[u8]) {
    let units = units_le(data);
    let extra = extra % 64;
    // The checks.
    assert_eq!(our_mem::is_ascii(data), their_mem::is_ascii(data));
    assert_eq!(
        our_mem::is_utf8_latin1(data),
        their_mem::is_utf8_latin1(data)
    );
    assert_eq!(our_mem::is_utf8_bidi(data), their_mem::is_utf8_bidi(data));
    assert_eq!(
        our_mem::utf8_latin1_up_to(data),
        their_mem::utf8_latin1_up_to(data)
    );
    assert_eq!(
        our_mem::check_utf8_for_latin1_and_bidi(data) as i32,
        their_mem::check_utf8_for_latin1_and_bidi(data) as i32
    );
    assert_eq!(
        our_mem::is_basic_latin(&units),
        their_mem::is_basic_latin(&units)
    );
    assert_eq!(
        our_mem::is_utf16_latin1(&units),
        their_mem::is_utf16_latin1(&units)
    );
    assert_eq!(
        our_mem::is_utf16_bidi(&units),
        their_mem::is_utf16_bidi(&units)
    );
    assert_eq!(
        our_mem::utf16_valid_up_to(&units),
        their_mem::utf16_valid_up_to(&units)
    );
    assert_eq!(
        our_mem::check_utf16_for_latin1_and_bidi(&units) as i32,
        their_mem::check_utf16_for_latin1_and_bidi(&units) as i32
    );
    for &u in units.iter().take(8) {
        assert_eq!(
            our_mem::is_utf16_code_unit_bidi(u),
            their_mem::is_utf16_code_unit_bidi(u),
            "{u:04X}"
        );
    }
    let (mut x, mut y) = (units.clone(), units.clone());
    our_mem::ensure_utf16_validity(&mut x);
    their_mem::ensure_utf16_validity(&mut y);
    assert_eq!(x, y);
    let text = String::from_utf8_lossy(data);
    assert_eq!(
        our_mem::is_str_latin1(&text),
        their_mem::is_str_latin1(&text)
    );
    assert_eq!(our_mem::is_str_bidi(&text), their_mem::is_str_bidi(&text));
    assert_eq!(
        our_mem::str_latin1_up_to(&text),
        their_mem::str_latin1_up_to(&text)
    );
    assert_eq!(
        our_mem::check_str_for_latin1_and_bidi(&text) as i32,
        their_mem::check_str_for_latin1_and_bidi(&text) as i32
    );
    for c in text.chars().take(8) {
        assert_eq!(
            our_mem::is_char_bidi(c),
            their_mem::is_char_bidi(c),
            "{c:?}"
        );
    }
    assert_eq!(our_mem::decode_latin1(data), their_mem::decode_latin1(data));
    if their_mem::is_str_latin1(&text) {
        assert_eq!(
            our_mem::encode_latin1_lossy(&text),
            their_mem::encode_latin1_lossy(&text)
        );
    }

    // The conversions: (result, destination) equal, the destination compared as far as
    // both promise (`vouched`).
    fn into<
        S: ?Sized + std::fmt::Debug,
        D: Copy + PartialEq + std::fmt::Debug,
        R: PartialEq + std::fmt::Debug,
    >(
        what: &str,
        src: &S,
        len: usize,
        fill: D,
        ours: impl Fn(&S, &mut [D]) -> R,
        theirs: impl Fn(&S, &mut [D]) -> R,
        vouched: impl Fn(&R) -> usize,
    ) {
        let (mut a, mut b) = (vec![fill; len], vec![fill; len]);
        let (ra, rb) = (ours(src, &mut a), theirs(src, &mut b));
        assert_eq!(ra, rb, "{what}({src:02X?}) into {len}");
        let n = vouched(&ra).min(len);
        assert_eq!(a[..n], b[..n], "{what}({src:02X?}) into {len}: destination");
    }
    fn into_str<S: ?Sized + std::fmt::Debug, R: PartialEq + std::fmt::Debug>(
        what: &str,
        src: &S,
        len: usize,
        ours: impl Fn(&S, &mut str) -> R,
        theirs: impl Fn(&S, &mut str) -> R,
    ) {
        // A `str` of characters of every width, so that the conversion cuts some.
        let mut s = String::new();
        for c in ['é', '€', '😀', 'a'].iter().cycle() {
            if s.len() + c.len_utf8() > len {
                break;
            }
            s.push(*c);
        }
        while s.len() < len {
            s.push('x');
        }
        let (mut a, mut b) = (s.clone(), s);
        let (ra, rb) = (ours(src, &mut a), theirs(src, &mut b));
        assert_eq!(ra, rb, "{what}({src:02X?}) into {len}");
        assert_eq!(a, b, "{what}({src:02X?}) into {len}: destination");
    }
    let partial = dst % (3 * data.len() + 17);
    let n = data.len();
    into(
        "convert_utf8_to_utf16",
        data,
        n + 1 + extra,
        0xAAAA,
        our_mem::convert_utf8_to_utf16,
        their_mem::convert_utf8_to_utf16,
        |&w| w,
    );
    into(
        "convert_utf8_to_utf16_without_replacement",
        data,
        n + extra,
        0xAAAA,
        our_mem::convert_utf8_to_utf16_without_replacement,
        their_mem::convert_utf8_to_utf16_without_replacement,
        |w| w.unwrap_or(0),
    );
    into(
        "convert_str_to_utf16",
        &*text,
        text.len() + extra,
        0xAAAA,
        our_mem::convert_str_to_utf16,
        their_mem::convert_str_to_utf16,
        |&w| w,
    );
    into(
        "convert_latin1_to_utf16",
        data,
        n + extra,
        0xAAAA,
        our_mem::convert_latin1_to_utf16,
        their_mem::convert_latin1_to_utf16,
        |_| usize::MAX,
    );
    into(
        "convert_latin1_to_utf8_partial",
        data,
        partial,
        0xAA,
        our_mem::convert_latin1_to_utf8_partial,
        their_mem::convert_latin1_to_utf8_partial,
        |&(_, w)| w,
    );
    into(
        "convert_latin1_to_utf8",
        data,
        2 * n + extra,
        0xAA,
        our_mem::convert_latin1_to_utf8,
        their_mem::convert_latin1_to_utf8,
        |&w| w,
    );
    into_str(
        "convert_latin1_to_str_partial",
        data,
        partial,
        our_mem::convert_latin1_to_str_partial,
        their_mem::convert_latin1_to_str_partial,
    );
    into_str(
        "convert_latin1_to_str",
        data,
        2 * n + extra,
        our_mem::convert_latin1_to_str,
        their_mem::convert_latin1_to_str,
    );
    into(
        "copy_ascii_to_ascii",
        data,
        n + extra,
        0xAA,
        our_mem::copy_ascii_to_ascii,
        their_mem::copy_ascii_to_ascii,
        |&w| w,
    );
    into(
        "copy_ascii_to_basic_latin",
        data,
        n + extra,
        0xAAAA,
        our_mem::copy_ascii_to_basic_latin,
        their_mem::copy_ascii_to_basic_latin,
        |&w| w,
    );
    if their_mem::is_utf8_latin1(data) {
        into(
            "convert_utf8_to_latin1_lossy",
            data,
            n + extra,
            0xAA,
            our_mem::convert_utf8_to_latin1_lossy,
            their_mem::convert_utf8_to_latin1_lossy,
            |&w| w,
        );
    }
    let u = &units[..];
    let m = u.len();
    let partial16 = dst % (3 * m + 17);
    into(
        "convert_utf16_to_utf8_partial",
        u,
        partial16,
        0xAA,
        our_mem::convert_utf16_to_utf8_partial,
        their_mem::convert_utf16_to_utf8_partial,
        |_| usize::MAX,
    );
    into(
        "convert_utf16_to_utf8",
        u,
        3 * m + extra,
        0xAA,
        our_mem::convert_utf16_to_utf8,
        their_mem::convert_utf16_to_utf8,
        |&w| w,
    );
    into_str(
        "convert_utf16_to_str_partial",
        u,
        partial16,
        our_mem::convert_utf16_to_str_partial,
        their_mem::convert_utf16_to_str_partial,
    );
    into_str(
        "convert_utf16_to_str",
        u,
        3 * m + extra,
        our_mem::convert_utf16_to_str,
        their_mem::convert_utf16_to_str,
    );
    into(
        "copy_basic_latin_to_ascii",
        u,
        m + extra,
        0xAA,
        our_mem::copy_basic_latin_to_ascii,
        their_mem::copy_basic_latin_to_ascii,
        |&w| w,
    );
    if their_mem::is_utf16_latin1(u) {
        into(
            "convert_utf16_to_latin1_lossy",
            u,
            m + extra,
            0xAA,
            our_mem::convert_utf16_to_latin1_lossy,
            their_mem::convert_utf16_to_latin1_lossy,
            |_| usize::MAX,
        );
    }
}
