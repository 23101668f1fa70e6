//! Section 7: `TextDecoder` and `TextDecoderStream` with any label, any options, and any
//! sequence of calls (chunks, `stream` flags, `close`), against a model built from the decode's
//! timeline (which output and which error each byte brings); `TextEncoder`'s `encode_into`
//! with any destination size (never a split scalar value, `read` and `written` consistent,
//! as much as fits); `TextEncoderStream` against the whole input's conversion.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use whatwg_encoding::{
    Encoding, TextDecodeOptions, TextDecoder, TextDecoderOptions, TextDecoderStream, TextEncoder,
    TextEncoderStream, REPLACEMENT,
};
use whatwg_encoding_fuzz::model::{timeline, Event, Timeline};
use whatwg_encoding_fuzz::{is_lead, is_trail, units_le};

#[derive(Arbitrary, Debug)]
enum Input {
    /// `TextDecoder` (`stream_api` false) or `TextDecoderStream` (true).
    Decoder {
        stream_api: bool,
        label: Label,
        fatal: bool,
        ignore_bom: bool,
        /// (chunk length, stream) of each `decode()` call; for the stream, a `write()` of the
        /// chunk, or (`stream` false) a `close()`.
        calls: Vec<(u8, bool)>,
        bytes: Vec<u8>,
    },
    EncodeInto {
        utf16: bool,
        sizes: Vec<u8>,
        data: Vec<u8>,
    },
    EncoderStream {
        /// (chunk length in code units, written with `write_str`).
        calls: Vec<(u8, bool)>,
        data: Vec<u8>,
    },
}

/// A label: one of the standard's, with whitespace and case changed, or any string.
#[derive(Arbitrary, Debug)]
enum Label {
    Known { index: u16, upper: u8, space: u8 },
    Any(String),
}

impl Label {
    fn text(&self) -> String {
        match self {
            Label::Known {
                index,
                upper,
                space,
            } => {
                let labels = whatwg_encoding::data::labels();
                let (label, _) = labels[*index as usize % labels.len()];
                let mut s: String = label
                    .chars()
                    .enumerate()
                    .map(|(i, c)| {
                        if upper >> (i % 8) & 1 == 1 {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        }
                    })
                    .collect();
                let ws = ["", " ", "\t", "\n\x0C", "\r "][*space as usize % 5];
                s.insert_str(0, ws);
                s.push_str(ws);
                s
            }
            Label::Any(s) => s.clone(),
        }
    }
}

/// The constructors' steps 1 to 3 (the encoding, or a RangeError for a label of none or of
/// replacement), checked on both constructors: the label and its encoding, or None.
fn construct(label: &Label, options: TextDecoderOptions) -> Option<(String, &'static Encoding)> {
    let label = label.text();
    let encoding = Encoding::for_label(label.as_bytes()).filter(|&e| e != REPLACEMENT);
    let ok = encoding.is_some();
    assert_eq!(TextDecoder::new(&label, options).is_ok(), ok, "{label:?}");
    assert_eq!(
        TextDecoderStream::new(&label, options).is_ok(),
        ok,
        "{label:?}"
    );
    encoding.map(|e| (label, e))
}

/// The state of the model of a decoder instance: a session's timeline and how far into it
/// the calls have gone.
struct Session {
    timeline: Timeline,
    /// The next event to hand out.
    next: usize,
    /// Bytes given so far.
    given: usize,
    bom_seen: bool,
}

impl Session {
    fn new(encoding: &'static Encoding, bytes: &[u8], fatal: bool) -> Session {
        Session {
            timeline: timeline(encoding, bytes, fatal),
            next: 0,
            given: 0,
            bom_seen: false,
        }
    }

    /// One call with `len` more bytes, flushing (end-of-queue) if `flush`: the output, or the
    /// offset of the error it throws (after which the next call goes on past the error).
    fn call(&mut self, len: usize, flush: bool, strips_bom: bool) -> Result<String, u64> {
        self.given += len;
        let mut out = String::new();
        let end = self.timeline.events.len();
        let all = self
            .timeline
            .events
            .iter()
            .map(|(_, e)| *e)
            .chain(self.timeline.end.iter().copied());
        for (k, event) in all.enumerate().skip(self.next) {
            let ready = if k < end {
                self.timeline.events[k].0 <= self.given
            } else {
                flush
            };
            if !ready {
                break;
            }
            self.next = k + 1;
            match event {
                Event::Char(c) => out.push(c),
                Event::Error(offset) => return Err(offset),
            }
        }
        // Section 7.1, "serialize I/O queue".
        if strips_bom && !self.bom_seen && !out.is_empty() {
            self.bom_seen = true;
            if out.starts_with('\u{FEFF}') {
                out.remove(0);
            }
        }
        Ok(out)
    }
}

/// Whether "serialize I/O queue" removes a leading U+FEFF for `encoding`.
fn strips_bom(encoding: &'static Encoding, ignore_bom: bool) -> bool {
    !ignore_bom && matches!(encoding.name(), "UTF-8" | "UTF-16BE" | "UTF-16LE")
}

fn check(ours: Result<String, whatwg_encoding::TypeError>, model: Result<String, u64>, what: &str) {
    match (ours, model) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{what}"),
        (Err(e), Err(offset)) => {
            let tail = format!(" at byte {offset} of the stream.");
            assert!(
                e.message().ends_with(&tail),
                "{what}: {:?}, expected the offset {offset}",
                e.message()
            );
        }
        (a, b) => panic!("{what}: {a:?}, the model says {b:?}"),
    }
}

fuzz_target!(|input: Input| match input {
    Input::Decoder {
        stream_api,
        label,
        fatal,
        ignore_bom,
        calls,
        bytes,
    } => {
        let options = TextDecoderOptions { fatal, ignore_bom };
        let Some((label, encoding)) = construct(&label, options) else {
            return;
        };
        if stream_api {
            decoder_stream(&label, encoding, options, &calls, &bytes);
        } else {
            decoder(&label, encoding, options, &calls, &bytes);
        }
    }
    Input::EncodeInto { utf16, sizes, data } => {
        let encoder = TextEncoder::new();
        assert_eq!(encoder.encoding(), "utf-8");
        let units: Vec<u16> = if utf16 {
            units_le(&data)
        } else {
            String::from_utf8_lossy(&data).encode_utf16().collect()
        };
        let whole = String::from_utf16_lossy(&units);
        assert_eq!(encoder.encode_utf16(&units), whole.as_bytes());
        assert_eq!(encoder.encode(&whole), whole.as_bytes());
        // Convert the input bit by bit, each call's destination as `sizes` says.
        let mut read_units = 0;
        let mut read_str = 0;
        let mut out = Vec::new();
        let mut out_str = Vec::new();
        let mut k = 0;
        // Destinations too small for the next scalar value make no progress: every size is
        // tried once per scalar value.
        let limit = (units.len() + 1) * sizes.len().max(1) + 8;
        while read_units < units.len() || read_str < whole.len() {
            if k > limit {
                assert!(
                    sizes.iter().all(|&s| s < 4),
                    "encode_into made no progress with {sizes:?}"
                );
                return;
            }
            let size = sizes.get(k % sizes.len().max(1)).copied().unwrap_or(255) as usize;
            k += 1;
            let mut dst = vec![0xAAu8; size];
            let src = &units[read_units..];
            let r = encoder.encode_into_utf16(src, &mut dst);
            check_encode_into(src, &dst, r.read, r.written);
            out.extend_from_slice(&dst[..r.written]);
            read_units += r.read;
            let src = &whole[read_str..];
            let mut dst = vec![0xAAu8; size];
            let r = encoder.encode_into(src, &mut dst);
            let src16: Vec<u16> = src.encode_utf16().collect();
            check_encode_into(&src16, &dst, r.read, r.written);
            assert!(
                src.is_char_boundary(r.written),
                "encode_into split a character"
            );
            out_str.extend_from_slice(&dst[..r.written]);
            read_str += r.written;
        }
        assert_eq!(out, whole.as_bytes());
        assert_eq!(out_str, whole.as_bytes());
    }
    Input::EncoderStream { calls, data } => {
        let units = units_le(&data);
        let mut stream = TextEncoderStream::new();
        assert_eq!(stream.encoding(), "utf-8");
        let mut out = Vec::new();
        let mut given: Vec<u16> = Vec::new();
        let mut at = 0;
        for &(len, as_str) in &calls {
            let len = (len as usize).min(units.len() - at);
            let chunk = &units[at..at + len];
            at += len;
            let bytes = if as_str {
                // A USVString: the chunk's lone surrogates become U+FFFD first.
                let s = String::from_utf16_lossy(chunk);
                given.extend(s.encode_utf16());
                stream.write_str(&s)
            } else {
                given.extend_from_slice(chunk);
                stream.write(chunk)
            };
            std::str::from_utf8(&bytes).expect("each chunk's output is whole UTF-8");
            out.extend_from_slice(&bytes);
        }
        given.extend_from_slice(&units[at..]);
        out.extend_from_slice(&stream.write(&units[at..]));
        out.extend_from_slice(&stream.close());
        assert_eq!(
            out,
            String::from_utf16_lossy(&given).as_bytes(),
            "{calls:?} {units:04X?}"
        );
    }
});

/// `TextDecoder`: each session (the calls up to one without `stream`) against its timeline.
fn decoder(
    label: &str,
    encoding: &'static Encoding,
    options: TextDecoderOptions,
    calls: &[(u8, bool)],
    bytes: &[u8],
) {
    let TextDecoderOptions { fatal, ignore_bom } = options;
    let mut decoder = TextDecoder::new(label, options).expect("a label of an encoding");
    assert_eq!(decoder.encoding(), encoding.name().to_ascii_lowercase());
    assert_eq!((decoder.fatal(), decoder.ignore_bom()), (fatal, ignore_bom));
    // The calls, with the bytes cut as they say (the rest, if any, in one last call).
    let mut plan: Vec<(usize, bool)> = Vec::new();
    let mut left = bytes.len();
    for &(len, stream) in calls {
        let len = (len as usize).min(left);
        left -= len;
        plan.push((len, stream));
    }
    if left > 0 || plan.is_empty() {
        plan.push((left, false));
    }
    // Each session (the calls up to one without `stream`) decodes its bytes afresh.
    let mut at = 0;
    let mut session: Option<Session> = None;
    for (i, &(len, stream)) in plan.iter().enumerate() {
        let chunk = &bytes[at..at + len];
        let model = session.get_or_insert_with(|| {
            let end = plan[i..]
                .iter()
                .position(|&(_, s)| !s)
                .map_or(plan.len(), |p| i + p + 1);
            let total: usize = plan[i..end].iter().map(|&(l, _)| l).sum();
            Session::new(encoding, &bytes[at..at + total], fatal)
        });
        let expected = model.call(len, !stream, strips_bom(encoding, ignore_bom));
        let ours = decoder.decode(chunk, TextDecodeOptions { stream });
        check(
            ours,
            expected,
            &format!("{label:?} fatal {fatal}, call {i} of {plan:?}, bytes {bytes:02X?}"),
        );
        at += len;
        if !stream {
            session = None;
        }
    }
}

/// `TextDecoderStream`: `write()` for each call with `stream`, `close()` for each without,
/// and a `close()` at the end, against the timeline of what is written before the first
/// `close()`.
fn decoder_stream(
    label: &str,
    encoding: &'static Encoding,
    options: TextDecoderOptions,
    calls: &[(u8, bool)],
    bytes: &[u8],
) {
    let TextDecoderOptions { fatal, ignore_bom } = options;
    let mut stream = TextDecoderStream::new(label, options).expect("a label of an encoding");
    assert_eq!(stream.encoding(), encoding.name().to_ascii_lowercase());
    let mut plan: Vec<Option<u8>> = calls
        .iter()
        .map(|&(len, stream)| stream.then_some(len))
        .collect();
    plan.push(None);
    // The stream's bytes: what the writes before the first close give.
    let mut written = 0;
    for call in &plan {
        match call {
            Some(len) => written += (*len as usize).min(bytes.len() - written),
            None => break,
        }
    }
    let mut model = Session::new(encoding, &bytes[..written], fatal);
    let mut at = 0;
    enum State {
        Open,
        Closed,
        Errored(whatwg_encoding::TypeError),
    }
    let mut state = State::Open;
    for (i, call) in plan.iter().enumerate() {
        let what = format!("{label:?} fatal {fatal}, call {i} of {plan:?}, bytes {bytes:02X?}");
        let len = call.map_or(0, |l| (l as usize).min(bytes.len() - at));
        let ours = match call {
            Some(_) => stream.write(&bytes[at..at + len]),
            None => stream.close(),
        };
        match &state {
            State::Open => {
                at += len;
                let expected = model.call(len, call.is_none(), strips_bom(encoding, ignore_bom));
                check(ours.clone(), expected, &what);
                match ours {
                    Err(e) => state = State::Errored(e),
                    Ok(_) if call.is_none() => state = State::Closed,
                    Ok(_) => {}
                }
            }
            // Every call after an error gives it again.
            State::Errored(first) => assert_eq!(ours.as_ref(), Err(first), "{what}: errored"),
            State::Closed => assert!(ours.is_err(), "{what}: a call after close"),
        }
    }
}

/// `encode_into`'s result for `src` into `dst`: no split surrogate pair, the output the UTF-8
/// of what was read, nothing written past it, and as much as fits.
fn check_encode_into(src: &[u16], dst: &[u8], read: usize, written: usize) {
    assert!(
        read <= src.len() && written <= dst.len(),
        "read {read}, written {written}"
    );
    assert!(
        !(read > 0 && read < src.len() && is_lead(src[read - 1]) && is_trail(src[read])),
        "encode_into split a surrogate pair"
    );
    let expected = String::from_utf16_lossy(&src[..read]);
    assert_eq!(&dst[..written], expected.as_bytes(), "encode_into's output");
    assert!(
        dst[written..].iter().all(|&b| b == 0xAA),
        "encode_into wrote past `written`"
    );
    if let Some(next) = char::decode_utf16(src[read..].iter().copied()).next() {
        let next = next.unwrap_or('\u{FFFD}');
        assert!(
            written + next.len_utf8() > dst.len(),
            "encode_into stopped with room for {next:?}"
        );
    }
}
