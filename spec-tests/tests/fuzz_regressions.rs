//! Defects the fuzz targets (`fuzz/`, `bash fuzz/run.sh`) found, each minimised to the input
//! that shows it. Each test names the target that found it.

use std::io::Write;

use whatwg_encoding::io::{EncodeWriter, UnmappableCharacter};
use whatwg_encoding::{TextDecodeOptions, TextDecoder, TextDecoderOptions, ISO_2022_JP};

/// fuzz target `encode`, input `[0x0E]` to ISO-2022-JP through `EncodeWriter` in the fatal
/// mode. ISO-2022-JP's encoder reports U+000E, U+000F and U+001B as U+FFFD (encoder step 3);
/// the writer took the error's offset as its position less the length of the reported code
/// point (three bytes) instead of the input's (one): "attempt to subtract with overflow" at
/// the start of the stream, a wrong offset further on.
#[test]
fn encode_writer_offset_of_a_control_reported_as_u_fffd() {
    for (text, offset) in [("\u{E}", 0), ("abcd\u{1B}", 4), ("日本\u{F}x", 6)] {
        let mut writer = EncodeWriter::builder()
            .fatal(true)
            .build(Vec::new(), ISO_2022_JP);
        let error = writer
            .write_all(text.as_bytes())
            .and_then(|()| writer.finish().map(drop))
            .expect_err("unmappable");
        let unmappable = error
            .get_ref()
            .and_then(|e| e.downcast_ref::<UnmappableCharacter>())
            .expect("an UnmappableCharacter");
        assert_eq!(
            (unmappable.code_point(), unmappable.offset()),
            ('\u{FFFD}', offset),
            "{text:?}"
        );
    }
}

/// fuzz target `web`, minimised: gbk, fatal, `decode([B3 31], stream)` then `decode([55])`.
/// The error is the lead B3, with 31 and 55 read after it (`Malformed(1, 2)`), but the second
/// call read one byte: the offset, computed as that call's read count less the bytes after
/// the sequence, saturated at zero and came out as 1 instead of 0. A decoder reports bytes
/// read after the sequence that came in earlier calls (gb18030's restored bytes).
#[test]
fn text_decoder_offset_when_the_bytes_after_the_error_came_earlier() {
    let options = TextDecoderOptions {
        fatal: true,
        ignore_bom: false,
    };
    let stream = TextDecodeOptions { stream: true };
    // (first call, its output, second call, the offset of the error it throws)
    for (first, text, second, offset) in [
        (&b"\xB3\x31"[..], "", &b"\x55"[..], 0),
        (b"ab\xB3\x31", "ab", b"\x55\x55", 2),
        (b"ab\x81\x30\x81", "ab", b"\x41", 2),
    ] {
        let mut decoder = TextDecoder::new("gbk", options).unwrap();
        assert_eq!(decoder.decode(first, stream).as_deref(), Ok(text));
        let error = decoder.decode(second, stream).expect_err("malformed");
        let tail = format!(" at byte {offset} of the stream.");
        assert!(
            error.message().ends_with(&tail),
            "{first:02X?} {second:02X?}: {}",
            error.message()
        );
    }
}

/// Fuzz target `decode` (CI, c274050): a decoder sniffing for a byte order mark holds EF
/// and BB from two calls; the third call's 41 shows there is no mark, and the replacement
/// decoder's error is the EF, the first byte of the stream. The error must be placed there:
/// BB, read by an earlier call, comes after it. encoding_rs 0.8.44 says `Malformed(1, 0)`,
/// which places it at the BB.
#[test]
fn malformed_in_bytes_held_for_a_byte_order_mark_counts_the_held_bytes_after_it() {
    use whatwg_encoding::{DecoderResult, REPLACEMENT};
    let mut decoder = REPLACEMENT.new_decoder();
    let mut out = [0u8; 16];
    let mut read = 0;
    let chunks: [(&[u8], bool); 3] = [(&[0xEF], false), (&[0xBB], false), (&[0x41, 0x00], true)];
    for (chunk, last) in chunks {
        let (result, r, _) = decoder.decode_to_utf8_without_replacement(chunk, &mut out, last);
        read += r;
        if let DecoderResult::Malformed(len, after) = result {
            let end = read - usize::from(after);
            assert_eq!(end - usize::from(len)..end, 0..1);
            return;
        }
    }
    panic!("no error reported");
}
