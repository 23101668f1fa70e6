//! Arbitrary bytes through every decoder: any encoding, any byte order mark handling, any
//! chunking and any output buffer sizes, both error modes, every output form (UTF-8 slice,
//! UTF-16 slice, `str`, `String`) and the io adapter. Streaming equals one-shot; the replacing
//! decode is the fatal one with a U+FFFD for each error; no ASCII byte disappears into a
//! malformed sequence (section 2); the bounds are never exceeded; what
//! `latin1_byte_compatible_up_to` vouches for decodes to itself.

#![no_main]

use std::io::Read;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use whatwg_encoding::io::DecodeReader;
use whatwg_encoding_fuzz::decode::{self, Bom, Form};
use whatwg_encoding_fuzz::{chunks, latin1, Sizes};

#[derive(Arbitrary, Debug)]
struct Input {
    encoding: u8,
    bom: u8,
    /// Chunk lengths.
    cuts: Vec<u8>,
    /// Output buffer sizes, call after call.
    sizes: Vec<u8>,
    /// The filler of `decode_to_str`'s buffer.
    filler: u8,
    /// Where to probe `latin1_byte_compatible_up_to` and the bounds.
    probe: u16,
    bytes: Vec<u8>,
}

fuzz_target!(|input: Input| {
    let name = whatwg_encoding_fuzz::pick(input.encoding);
    let encoding = whatwg_encoding_fuzz::ours(name);
    let bom = Bom::pick(input.bom);
    let bytes = &input.bytes[..];
    let pieces = chunks(bytes, &input.cuts);
    let filler = ['a', 'é', '€', '😀'][input.filler as usize % 4];

    // The references: one-shot, and one call per error with a buffer of the bound.
    let (text, used, had_errors) = bom.one_shot(encoding, bytes);
    let replacing = decode::reference(bom.decoder(encoding), bytes, false);
    let fatal = decode::reference(bom.decoder(encoding), bytes, true);
    assert_eq!(
        replacing.replaced_text(),
        text,
        "{name} {bom:?}: one call against one-shot"
    );
    assert_eq!(replacing.replaced, had_errors);
    assert_eq!(replacing.encoding, used);
    assert_eq!(fatal.encoding, used);
    assert_eq!(
        fatal.replaced_text(),
        text,
        "{name} {bom:?}: fatal, resumed, against replacing"
    );
    assert_eq!(
        !fatal.errors.is_empty(),
        had_errors,
        "{name} {bom:?}: errors"
    );
    if bom == Bom::Off {
        let strict = encoding.decode_without_bom_handling_and_without_replacement(bytes);
        assert_eq!(strict.as_deref(), (!had_errors).then_some(&*text));
    }
    if whatwg_encoding_fuzz::ascii_compatible_multi_byte(whatwg_encoding_fuzz::ours(used)) {
        decode::check_ascii_not_masked(used, bytes, &fatal.errors);
    }

    // Streaming, every form, both modes, equals the references.
    let forms = [Form::Utf8, Form::Utf16, Form::Str(filler), Form::String];
    for (k, form) in forms.into_iter().enumerate() {
        // Each form starts at another place in the sizes, so that they differ.
        let mut sizes = Sizes::new(&input.sizes);
        for _ in 0..k {
            sizes.next(0);
        }
        let run = decode::stream(bom.decoder(encoding), &pieces, &mut sizes, form, false);
        assert_eq!(
            run.replaced_text(),
            text,
            "{name} {bom:?} {form:?}: streaming"
        );
        assert_eq!(
            run.replaced, had_errors,
            "{name} {bom:?} {form:?}: had errors"
        );
        let run = decode::stream(bom.decoder(encoding), &pieces, &mut sizes, form, true);
        assert_eq!(
            run.shape(),
            fatal.shape(),
            "{name} {bom:?} {form:?}: streaming without replacement"
        );
    }

    // From the state after a prefix: the bounds hold for the rest, and what
    // `latin1_byte_compatible_up_to` vouches for decodes to itself.
    let cut = input.probe as usize % (bytes.len() + 1);
    let (head, rest) = bytes.split_at(cut);
    let after_head = || {
        let mut decoder = bom.decoder(encoding);
        let mut sink = vec![0u8; decoder.max_utf8_buffer_length(head.len()).unwrap()];
        let (_, read, _, _) = decoder.decode_to_utf8(head, &mut sink, false);
        assert_eq!(read, head.len());
        decoder
    };
    for fatal in [false, true] {
        for form in [Form::Utf8, Form::Utf16] {
            // Every call's buffer is the bound: the driver asserts that none fills.
            let _ = decode::stream_from(
                after_head(),
                head.len(),
                &[rest],
                &mut Sizes::new(&[]),
                form,
                fatal,
            );
        }
    }
    let mut decoder = after_head();
    if let Some(n) = decoder.latin1_byte_compatible_up_to(rest) {
        assert!(n <= rest.len());
        let mut out = vec![0u8; decoder.max_utf8_buffer_length(n).unwrap()];
        let (_, read, written, replaced) = decoder.decode_to_utf8(&rest[..n], &mut out, false);
        assert_eq!(
            (read, &out[..written], replaced),
            (n, latin1(&rest[..n]).as_bytes(), false),
            "{name} {bom:?}: latin1_byte_compatible_up_to({:02X?}) after {head:02X?} is {n}",
            rest
        );
    }

    // The io adapter, reading through a reader that returns the chunks.
    let reader = Chunked {
        pieces: pieces.iter().filter(|p| !p.is_empty()).copied().collect(),
        next: 0,
    };
    let io_bom = match bom {
        Bom::Sniff => whatwg_encoding::io::BomHandling::Sniff,
        Bom::Remove => whatwg_encoding::io::BomHandling::Remove,
        Bom::Off => whatwg_encoding::io::BomHandling::Off,
    };
    let size = input.sizes.first().copied().unwrap_or(0) as usize;
    for fatal_mode in [false, true] {
        let mut r = DecodeReader::builder()
            .encoding(encoding)
            .bom(io_bom)
            .fatal(fatal_mode)
            .buffer_size(size)
            .build(reader.clone());
        let mut out = Vec::new();
        let mut buf = [0u8; 256];
        let mut sizes = Sizes::new(&input.sizes);
        let error = loop {
            let want = match sizes.next(1) {
                whatwg_encoding_fuzz::Size::Exact(n) => n.min(buf.len()),
                whatwg_encoding_fuzz::Size::Bound => buf.len(),
            };
            match r.read(&mut buf[..want]) {
                Ok(0) => break None,
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(e) => break Some(e),
            }
        };
        let out = String::from_utf8(out).expect("DecodeReader gives UTF-8");
        if fatal_mode {
            match (&error, fatal.errors.first()) {
                (None, None) => assert_eq!(out, text),
                (Some(e), Some(m)) => {
                    assert_eq!(
                        out, fatal.pieces[0],
                        "{name} {bom:?}: DecodeReader's text before the error"
                    );
                    let sequence = e
                        .get_ref()
                        .and_then(|e| e.downcast_ref::<whatwg_encoding::io::MalformedSequence>())
                        .expect("a MalformedSequence");
                    let range = m.range();
                    assert_eq!(
                        sequence.offset(),
                        range.start as u64,
                        "{name} {bom:?}: offset"
                    );
                    assert_eq!(sequence.bytes(), &bytes[range], "{name} {bom:?}: bytes");
                    // Every read after the error gives it again.
                    let again = r.read(&mut buf).expect_err("the error again");
                    assert_eq!(again.kind(), e.kind());
                }
                (e, m) => panic!("{name} {bom:?}: DecodeReader's error {e:?}, decoder's {m:?}"),
            }
        } else {
            assert!(error.is_none(), "{name}: {error:?}");
            assert_eq!(out, text, "{name} {bom:?}: DecodeReader");
        }
    }
});

/// A reader that returns one chunk per read.
#[derive(Clone)]
struct Chunked<'a> {
    pieces: Vec<&'a [u8]>,
    next: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some(piece) = self.pieces.get_mut(self.next) else {
            return Ok(0);
        };
        let n = piece.len().min(buf.len());
        buf[..n].copy_from_slice(&piece[..n]);
        *piece = &piece[n..];
        if piece.is_empty() {
            self.next += 1;
        }
        Ok(n)
    }
}
