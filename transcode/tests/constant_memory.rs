//! The tool streams: 1 GiB of Shift_JIS, made on the fly and piped in, goes through to UTF-8
//! with a peak resident set size under 16 MiB (see common/streaming.rs).

mod common;

#[test]
fn a_gibibyte_streams_in_constant_memory() {
    // About 64 KiB of Japanese text with ASCII, in Shift_JIS; its UTF-8 is what must come out.
    let text =
        "火星は太陽系の第4惑星 (Mars, the fourth planet), 地球型惑星に分類される。\n".repeat(600);
    let (sjis, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&text);
    assert!(!unmappable);
    common::streaming::streams_a_gibibyte(
        &["-f", "shift_jis", "--fatal"],
        sjis.into_owned(),
        b"",
        text.as_bytes(),
        "Shift_JIS to UTF-8",
    );
}
