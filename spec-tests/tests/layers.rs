//! The runtime crate's layers: no file of generated/src names a file in a layer above its own,
//! and no files name each other in a circle, test modules included (spec_tests::layers says
//! what counts as naming). Then the checker itself, on small crates with the shapes of the
//! circles the runtime once had (issue 35) and an import up a layer, each with its exact
//! report.

use std::path::Path;

use spec_tests::layers::{check_dir, check_files, Layers};

/// The runtime crate's layers, top first, as generated/src/lib.rs states them.
const LAYERS: Layers = &[
    &["lib.rs", "web", "io", "hooks.rs", "serde.rs"],
    &["sniff", "mem", "owned", "instruction_set.rs"],
    &["decoder.rs", "encoder.rs"],
    &["labels.rs"],
    &["statics.rs", "encoding.rs"],
    &["encodings"],
    &["run"],
    &["handler"],
    &["forms"],
    &["kernels"],
    &["tables", "results.rs"],
];

#[test]
fn the_runtime_crate_keeps_its_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated/src");
    let report = check_dir(&src, LAYERS);
    println!("{report}");
    assert!(report.is_clean(), "{report}");
}

/// The report of `files` under `layers`, as text.
fn report(files: &[(&str, &str)], layers: Layers) -> String {
    check_files(files, layers).to_string()
}

/// kernels/block.rs <-> kernels/dispatch.rs at 2c22731: the block names dispatch's enum
/// through a `crate::{…}` tree, and dispatch's macro names the block's constant by
/// `$crate::`.
#[test]
fn two_files_that_name_each_other() {
    let files = [
        ("lib.rs", "mod kernels;\n"),
        (
            "kernels/mod.rs",
            "mod block;\nmod dispatch;\npub(crate) use dispatch::Implementation;\n",
        ),
        (
            "kernels/block.rs",
            "use crate::kernels::{dispatch::Implementation};\n\
             pub(crate) const BLOCK: usize = 16;\n\
             pub(crate) fn chosen() -> Implementation { Implementation::Sse2 }\n",
        ),
        (
            "kernels/dispatch.rs",
            "pub(crate) enum Implementation { Sse2 }\n\
             macro_rules! block {\n    () => { $crate::kernels::block::BLOCK };\n}\n",
        ),
    ];
    assert_eq!(
        report(&files, &[&["lib.rs"], &["kernels"]]),
        "circle of 2 files: kernels/block.rs, kernels/dispatch.rs\n  \
         kernels/block.rs:1 crate::kernels::dispatch::Implementation -> kernels/dispatch.rs\n  \
         kernels/dispatch.rs:3 $crate::kernels::block::BLOCK -> kernels/block.rs\n\
         layers: 4 files, 2 pairs of files one names the other, 1 problem"
    );
}

/// x86_64/ssse3.rs -> utf8/to_utf16.rs -> x86_64 at 2c22731: a path written inline in a
/// function body each way, the second through x86_64/mod.rs's re-export (`self::`), which
/// counts as the file that defines the type.
#[test]
fn inline_paths_and_a_re_export() {
    let files = [
        ("lib.rs", "mod kernels;\n"),
        ("kernels/mod.rs", "mod utf8;\nmod x86_64;\n"),
        ("kernels/utf8/mod.rs", "pub(crate) mod to_utf16;\n"),
        (
            "kernels/utf8/to_utf16.rs",
            "pub(crate) fn short_blocks() {\n    \
                 let _ = crate::kernels::x86_64::Ssse3::new();\n}\n",
        ),
        (
            "kernels/x86_64/mod.rs",
            "mod ssse3;\npub(crate) use self::ssse3::Ssse3;\n",
        ),
        (
            "kernels/x86_64/ssse3.rs",
            "pub(crate) struct Ssse3;\n\
             impl Ssse3 {\n    \
                 pub(crate) fn new() -> Self { Ssse3 }\n    \
                 fn decode(self) { crate::kernels::utf8::to_utf16::short_blocks() }\n}\n",
        ),
    ];
    assert_eq!(
        report(&files, &[&["lib.rs"], &["kernels"]]),
        "circle of 2 files: kernels/utf8/to_utf16.rs, kernels/x86_64/ssse3.rs\n  \
         kernels/utf8/to_utf16.rs:2 crate::kernels::x86_64::Ssse3::new -> kernels/x86_64/ssse3.rs\n  \
         kernels/x86_64/ssse3.rs:4 crate::kernels::utf8::to_utf16::short_blocks -> kernels/utf8/to_utf16.rs\n\
         layers: 6 files, 2 pairs of files one names the other, 1 problem"
    );
}

/// web/text_decoder.rs <-> web/text_decoder_common.rs at 4046c08, by `super::`; web/mod.rs,
/// which only re-exports, is in no circle with them.
#[test]
fn siblings_by_super() {
    let files = [
        ("lib.rs", "mod web;\npub use web::TextDecoder;\n"),
        (
            "web/mod.rs",
            "mod text_decoder;\nmod text_decoder_common;\n\
             pub use text_decoder::{TextDecoder, TextDecoderOptions};\n",
        ),
        (
            "web/text_decoder.rs",
            "use super::text_decoder_common::TextDecoderCommon;\n\
             pub struct TextDecoderOptions;\n\
             pub struct TextDecoder(TextDecoderCommon);\n",
        ),
        (
            "web/text_decoder_common.rs",
            "use super::text_decoder::TextDecoderOptions;\n\
             pub(crate) struct TextDecoderCommon;\n\
             impl TextDecoderCommon {\n    \
                 pub(crate) fn new(_: TextDecoderOptions) -> Self { TextDecoderCommon }\n}\n",
        ),
    ];
    assert_eq!(
        report(&files, &[&["lib.rs", "web"]]),
        "circle of 2 files: web/text_decoder.rs, web/text_decoder_common.rs\n  \
         web/text_decoder.rs:1 super::text_decoder_common::TextDecoderCommon -> web/text_decoder_common.rs\n  \
         web/text_decoder_common.rs:1 super::text_decoder::TextDecoderOptions -> web/text_decoder.rs\n\
         layers: 4 files, 2 pairs of files one names the other, 1 problem"
    );
}

/// encodings/single_byte.rs -> encoding.rs -> encodings/mod.rs -> encodings/single_byte.rs
/// at 4046c08, closed by a test module (nested two deep here) that reaches the API above.
#[test]
fn a_test_module_that_reaches_up() {
    let files = [
        ("lib.rs", "mod encoding;\nmod encodings;\n"),
        (
            "encoding.rs",
            "use crate::encodings::VariantEncoding;\n\
             pub struct Encoding(VariantEncoding);\n\
             impl Encoding {\n    \
                 pub fn for_label(_: &[u8]) -> Option<Self> { None }\n}\n",
        ),
        (
            "encodings/mod.rs",
            "mod single_byte;\nuse single_byte::SingleByteDecoder;\n\
             pub(crate) enum VariantEncoding { SingleByte(SingleByteDecoder) }\n",
        ),
        (
            "encodings/single_byte.rs",
            "pub(crate) struct SingleByteDecoder;\n\
             #[cfg(test)]\n\
             mod tests {\n    \
                 mod labels {\n        \
                     #[test]\n        \
                     fn each_label() {\n            \
                         assert!(crate::encoding::Encoding::for_label(b\"latin1\").is_some());\n        \
                     }\n    \
                 }\n\
             }\n",
        ),
    ];
    assert_eq!(
        report(&files, &[&["lib.rs"], &["encoding.rs"], &["encodings"]]),
        "circle of 3 files: encoding.rs, encodings/mod.rs, encodings/single_byte.rs\n  \
         encoding.rs:1 crate::encodings::VariantEncoding -> encodings/mod.rs\n  \
         encodings/mod.rs:2 single_byte::SingleByteDecoder -> encodings/single_byte.rs\n  \
         encodings/single_byte.rs:7 crate::encoding::Encoding::for_label -> encoding.rs\n\
         up a layer: encodings/single_byte.rs:7 crate::encoding::Encoding::for_label -> encoding.rs \
         (layer 3 `encodings` names layer 2 `encoding.rs`)\n\
         layers: 4 files, 3 pairs of files one names the other, 2 problems"
    );
}

/// A kernel that names the API: up a layer, with no circle. A glob re-export in lib.rs is
/// followed to the file that defines the name.
#[test]
fn an_import_up_a_layer() {
    let files = [
        (
            "lib.rs",
            "mod encoding;\nmod kernels;\npub use encoding::*;\n",
        ),
        ("encoding.rs", "pub struct Encoding;\n"),
        ("kernels/mod.rs", "mod ascii;\n"),
        (
            "kernels/ascii.rs",
            "use crate::{Encoding as Api};\npub(crate) fn scan(_: &Api) {}\n",
        ),
    ];
    assert_eq!(
        report(&files, &[&["lib.rs", "encoding.rs"], &["kernels"]]),
        "up a layer: kernels/ascii.rs:1 crate::Encoding -> encoding.rs \
         (layer 2 `kernels` names layer 1 `lib.rs encoding.rs`)\n\
         layers: 4 files, 1 pair of files one names the other, 1 problem"
    );
}

/// Every file must have a layer, and every layer's entry must name a file or folder.
#[test]
fn a_file_in_no_layer_and_an_entry_for_no_file() {
    let files = [("lib.rs", "mod tables;\n"), ("tables.rs", "")];
    assert_eq!(
        report(&files, &[&["lib.rs"], &["kernels"]]),
        "tables.rs: in no layer\n\
         layer entry kernels: no such file or folder\n\
         layers: 2 files, 0 pairs of files one names the other, 2 problems"
    );
}
