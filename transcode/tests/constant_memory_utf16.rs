//! UTF-16 output streams as every other output does: 1 GiB of UTF-8, made on the fly and
//! piped in, goes through to UTF-16LE with a byte order mark with a peak resident set size
//! under 16 MiB (see common/streaming.rs; a file of its own, so that its child is measured
//! alone).

mod common;

#[test]
fn a_gibibyte_streams_to_utf16_in_constant_memory() {
    // About 64 KiB of Japanese text with ASCII and a character outside the BMP (a surrogate
    // pair in UTF-16); the standard library's UTF-16 of it is what must come out.
    let text = "火星は太陽系の第4惑星 (Mars, the fourth planet 🪐), 地球型惑星に分類される。\n"
        .repeat(580);
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    common::streaming::streams_a_gibibyte(
        &["-t", "utf-16le", "--bom", "--fatal"],
        text.into_bytes(),
        b"\xFF\xFE",
        &utf16,
        "UTF-8 to UTF-16LE",
    );
}
