//! Arbitrary text through every encoder: a `&str` (into a slice and into a `Vec`) and
//! arbitrary UTF-16 (lone surrogates included, cut anywhere, between the halves of a pair
//! too), both error modes, any chunking and any output buffer sizes, and the io adapter.
//! Decoding the output gives back the input with each unmappable character replaced by its
//! numeric character reference; streaming equals one-shot; the fatal calls report exactly the
//! unmappable characters, and resuming after each gives the replacing output; the bounds are
//! never exceeded.

#![no_main]

use std::io::Write;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use whatwg_encoding::io::EncodeWriter;
use whatwg_encoding_fuzz::encode::{self, Chunks, Form};
use whatwg_encoding_fuzz::model::EncodeOracle;
use whatwg_encoding_fuzz::{chunks, str_chunks, units_le, Sizes};

#[derive(Arbitrary, Debug)]
struct Input {
    encoding: u8,
    /// Whether `data` is UTF-16 (little-endian pairs) or UTF-8 (invalid parts replaced).
    utf16: bool,
    /// Chunk lengths, in bytes of UTF-8 or code units of UTF-16.
    cuts: Vec<u8>,
    /// Output buffer sizes, call after call.
    sizes: Vec<u8>,
    /// Where to probe the bounds.
    probe: u16,
    data: Vec<u8>,
}

fuzz_target!(|input: Input| {
    let name = whatwg_encoding_fuzz::pick(input.encoding);
    let encoding = whatwg_encoding_fuzz::ours(name);
    let output = encoding.output_encoding();
    let units: Vec<u16> = if input.utf16 {
        units_le(&input.data)
    } else {
        String::from_utf8_lossy(&input.data)
            .encode_utf16()
            .collect()
    };
    let text = String::from_utf16_lossy(&units);
    let oracle = EncodeOracle::new(encoding);
    let unmappable = |c: char| oracle.unmappable(c);
    let expected = oracle.expected(&text);
    let unmappables = oracle.unmappables(&text);

    // One-shot: decoding the output gives back the text with references.
    let (bytes, used, had_unmappables) = encoding.encode(&text);
    assert_eq!(used, output);
    assert_eq!(
        had_unmappables,
        !unmappables.is_empty(),
        "{name}: had unmappables"
    );
    let (back, errors) = output.decode_without_bom_handling(&bytes);
    assert!(
        !errors,
        "{name}: the encoder's output {bytes:02X?} is malformed"
    );
    assert_eq!(back, expected, "{name}: decoding what {text:?} encodes to");

    // Streaming, from UTF-8 into slices and Vecs and from UTF-16, both modes.
    let str_pieces = str_chunks(&text, &input.cuts);
    let unit_pieces = chunks(&units, &input.cuts);
    for (k, form) in [Form::Utf8, Form::Vec, Form::Utf16].into_iter().enumerate() {
        let mut sizes = Sizes::new(&input.sizes);
        for _ in 0..k {
            sizes.next(0);
        }
        let pieces = match form {
            Form::Utf16 => Chunks::Utf16(&unit_pieces),
            _ => Chunks::Str(&str_pieces),
        };
        let run = encode::stream(
            encoding.new_encoder(),
            false,
            pieces,
            &mut sizes,
            form,
            false,
            &unmappable,
        );
        assert_eq!(run.bytes(), &*bytes, "{name} {form:?}: streaming");
        assert_eq!(
            run.replaced, had_unmappables,
            "{name} {form:?}: had unmappables"
        );
        let run = encode::stream(
            encoding.new_encoder(),
            false,
            pieces,
            &mut sizes,
            form,
            true,
            &unmappable,
        );
        assert_eq!(
            run.unmappables, unmappables,
            "{name} {form:?}: the unmappables reported"
        );
        // Resuming after each unmappable and writing its reference gives the replacing
        // output (ISO-2022-JP's encoder returns to ASCII before an unmappable in both modes).
        assert_eq!(
            run.with_references(),
            &*bytes,
            "{name} {form:?}: without replacement"
        );
    }

    // A lead surrogate that ends a call (not the last) is held.
    if let Some(p) = unit_pieces
        .iter()
        .position(|p| p.last().is_some_and(|&u| whatwg_encoding_fuzz::is_lead(u)))
    {
        if p + 1 < unit_pieces.len() {
            let mut encoder = encoding.new_encoder();
            let mut out = vec![0u8; 4096 * 16];
            let mut at = 0;
            for piece in &unit_pieces[..=p] {
                let (r, read, written, _) = encoder.encode_from_utf16(piece, &mut out[at..], false);
                assert_eq!(
                    (r, read),
                    (whatwg_encoding::CoderResult::InputEmpty, piece.len())
                );
                at += written;
            }
            assert!(encoder.has_pending_state(), "{name}: a held lead surrogate");
        }
    }

    // From the state after a prefix, the bounds hold for the rest: without replacement
    // always, replacing when the rest is mappable.
    let cut = input.probe as usize % (units.len() + 1);
    for fatal in [false, true] {
        let mut encoder = encoding.new_encoder();
        let mut sink = vec![
            0u8;
            encoder
                .max_buffer_length_from_utf16_without_replacement(cut)
                .unwrap()
                + 16 * cut
        ];
        let (_, read, _, _) = encoder.encode_from_utf16(&units[..cut], &mut sink, false);
        assert_eq!(read, cut);
        let rest = &units[cut..];
        // A lead surrogate that ends the prefix is held, and goes with the rest.
        let held = cut > 0 && whatwg_encoding_fuzz::is_lead(units[cut - 1]);
        let from = if held { cut - 1 } else { cut };
        let mapped = char::decode_utf16(units[from..].iter().copied())
            .all(|c| !unmappable(c.unwrap_or('\u{FFFD}')));
        if fatal || mapped {
            let _ = encode::stream(
                encoder,
                held,
                Chunks::Utf16(&[rest]),
                &mut Sizes::new(&[]),
                Form::Utf16,
                fatal,
                &unmappable,
            );
        }
        let cut8 = text.char_indices().nth(cut).map_or(text.len(), |(i, _)| i);
        let mut encoder = encoding.new_encoder();
        let mut sink = vec![0u8; 16 * cut8 + 16];
        let (_, read, _, _) = encoder.encode_from_utf8(&text[..cut8], &mut sink, false);
        assert_eq!(read, cut8);
        let rest = &text[cut8..];
        if fatal || !rest.chars().any(unmappable) {
            let _ = encode::stream(
                encoder,
                false,
                Chunks::Str(&[rest]),
                &mut Sizes::new(&[]),
                Form::Utf8,
                fatal,
                &unmappable,
            );
        }
    }

    // The io adapter, written in the chunks, in the html mode and in the fatal one.
    let mut writer = EncodeWriter::builder()
        .buffer_size(input.sizes.first().copied().unwrap_or(0) as usize)
        .build(Vec::new(), encoding);
    for piece in &str_pieces {
        writer
            .write_all(piece.as_bytes())
            .expect("writing to a Vec");
    }
    assert_eq!(
        writer.finish().expect("no error in the html mode"),
        &*bytes,
        "{name}: EncodeWriter"
    );
    let mut writer = EncodeWriter::builder()
        .fatal(true)
        .build(Vec::new(), encoding);
    let written = str_pieces
        .iter()
        .try_for_each(|p| writer.write_all(p.as_bytes()));
    match (
        written.and_then(|()| writer.finish().map(|_| ())),
        unmappables.first(),
    ) {
        (Ok(()), None) => {}
        (Err(e), Some(&c)) => {
            let u = e
                .get_ref()
                .and_then(|e| e.downcast_ref::<whatwg_encoding::io::UnmappableCharacter>())
                .expect("an UnmappableCharacter");
            assert_eq!(u.code_point(), c, "{name}: EncodeWriter's unmappable");
        }
        (r, c) => panic!("{name}: EncodeWriter fatal: {r:?}, first unmappable {c:?}"),
    }
});
