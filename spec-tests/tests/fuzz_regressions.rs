//! Defects the fuzz targets (`fuzz/`, `bash fuzz/run.sh`) found, each minimised to the input
//! that shows it. Each test names the target that found it.

use std::io::Write;

use whatwg_encoding::io::{EncodeWriter, UnmappableCharacter};
use whatwg_encoding::ISO_2022_JP;

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
