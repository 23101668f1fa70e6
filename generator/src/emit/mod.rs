//! Tables as Rust source text. The only module that knows Rust syntax.
//!
//! Emitted items are named statics with their lengths in their types and a doc comment that
//! says which index and rule produced them and the data's Identifier and Date, so that code
//! generated from the data reads like code a person wrote. Paths into the runtime crate are
//! `crate::tables::…`: the macros are meant to be invoked inside the `whatwg-encoding` crate.
//!
//! Each function returns the text of its items, which a proc macro hands to the compiler's
//! lexer in one call. The tables were first built token by token with quote!, and then
//! parsed with proc-macro2; in the unoptimised build of the macros that a user's
//! `cargo build` makes, both took about as long as everything else the macros do (each token
//! quote! makes is a call into the compiler; proc-macro2 checks text with its own lexer
//! before passing it on), and the two crates were a sixth of the crates a user compiled.

mod decode;
mod encode;
mod labels;
mod registry;
mod single_byte;
mod two_byte;

use std::fmt::{Display, Write};

pub use decode::{decode_array, plane_2_bits, ranges};
pub use encode::{
    direct, encode_map, hash as hash_code_points, parse_direct_argument, perfect_map_literal,
    shift_jis_remap, side_table, Hash, DIRECT_NONE,
};
pub use labels::{index_info_table, label_table};
pub use registry::registry;
pub use single_byte::single_byte_tables;
pub use two_byte::{encode_index, search_filters, two_byte_index, FILTER_BITS, SEARCH_BLOCK};

use crate::model::Index;

/// "Index jis0208 (Identifier …, Date …)" for doc comments.
pub(crate) fn provenance(index: &Index) -> String {
    let mut s = format!("index {}", index.name);
    let mut parts = Vec::new();
    if let Some(date) = &index.meta.date {
        parts.push(format!("Date: {date}"));
    }
    if let Some(id) = &index.meta.identifier {
        parts.push(format!("Identifier: {id}"));
    }
    if !parts.is_empty() {
        s.push_str(&format!(" ({})", parts.join(", ")));
    }
    s
}

/// `[a, b, c]`: an array expression of `items`.
pub(crate) fn array<T: Display>(items: impl IntoIterator<Item = T>) -> String {
    let mut text = String::from("[");
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        write!(text, "{item}").expect("writing to a String cannot fail");
    }
    text.push(']');
    text
}

/// `b"…"`, a byte string literal of `bytes`: a `&[u8; N]`.
///
/// The large tables are emitted as byte strings rather than arrays of numbers: the compiler
/// type-checks and borrow-checks an array literal element by element, which for the tables
/// of all encodings (about 150,000 numbers) took a tenth of the runtime crate's compile time,
/// in a debug build and in a release build alike; a byte string is one token.
pub(crate) fn byte_string(bytes: impl IntoIterator<Item = u8>) -> String {
    escape_bytes(&bytes.into_iter().collect::<Vec<u8>>())
}

/// [`byte_string`] of a slice. The tables are half a megabyte of bytes, escaped on every
/// user's build by the unoptimised proc macros: each byte is written by index into a buffer
/// sized for the worst case, as a `String::push` per character would cost several times
/// more there.
fn escape_bytes(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut buffer = vec![0u8; 4 * bytes.len() + 3];
    // A slice, whose indexing the compiler does itself, where a Vec's is a call.
    let text = buffer.as_mut_slice();
    text[0] = b'b';
    text[1] = b'"';
    let mut n = 2;
    for &b in bytes {
        if matches!(b, b' '..=b'~') && b != b'"' && b != b'\\' {
            text[n] = b;
            n += 1;
        } else {
            text[n] = b'\\';
            text[n + 1] = b'x';
            text[n + 2] = HEX[usize::from(b >> 4)];
            text[n + 3] = HEX[usize::from(b & 15)];
            n += 4;
        }
    }
    text[n] = b'"';
    buffer.truncate(n + 1);
    String::from_utf8(buffer).expect("an escaped byte string is ASCII")
}

/// An expression of type `[u16; N]` holding `values`: their little-endian bytes as a
/// [`byte_string`], reinterpreted as u16 (`transmute` of `[u8; 2N]`, which has the same size,
/// and every two bytes of which are a u16) and byte-swapped at compile time on a big-endian
/// target by `crate::tables::u16s_from_le`.
pub(crate) fn u16_array(values: impl IntoIterator<Item = u16>) -> String {
    let values: Vec<u16> = values.into_iter().collect();
    let mut bytes = vec![0u8; 2 * values.len()];
    for (pair, &v) in bytes.chunks_exact_mut(2).zip(&values) {
        pair[0] = v as u8;
        pair[1] = (v >> 8) as u8;
    }
    format!(
        "crate::tables::u16s_from_le(unsafe {{ ::core::mem::transmute::<[u8; {}], [u16; {}]>(*{}) }})",
        bytes.len(),
        values.len(),
        escape_bytes(&bytes)
    )
}

/// A string literal of `s`.
pub(crate) fn string(s: &str) -> String {
    // Debug formatting escapes a str as a Rust string literal does.
    format!("{s:?}")
}

/// One item: `doc` as `///` lines, a line saying the item is generated, then
/// `VIS static NAME: TYPE = VALUE;`.
pub(crate) fn static_item(doc: &str, vis: &str, name: &str, ty: &str, value: &str) -> String {
    let mut text = String::new();
    for line in doc.lines() {
        writeln!(text, "///{}{line}", if line.is_empty() { "" } else { " " })
            .expect("writing to a String cannot fail");
    }
    text.push_str("///\n/// Emitted from the data by `encoding-gen-macros`; do not edit.\n");
    writeln!(text, "{vis} static {name}: {ty} = {value};")
        .expect("writing to a String cannot fail");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_with_its_doc() {
        assert_eq!(
            static_item("Two numbers.\n\nBy hand.", "pub(crate)", "A", "[u16; 2]", &array([1, 2])),
            "/// Two numbers.\n///\n/// By hand.\n///\n/// Emitted from the data by `encoding-gen-macros`; do not edit.\npub(crate) static A: [u16; 2] = [1, 2];\n"
        );
    }

    #[test]
    fn byte_strings_escape_all_but_printable_ascii() {
        assert_eq!(
            byte_string(*b"a\"\\\x00\n\x7f~ "),
            r#"b"a\x22\x5c\x00\x0a\x7f~ ""#
        );
        assert_eq!(
            u16_array([0x3000, 0x41]),
            r#"crate::tables::u16s_from_le(unsafe { ::core::mem::transmute::<[u8; 4], [u16; 2]>(*b"\x000A\x00") })"#
        );
    }

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(array(["(1, 2)", "(3, 4)"]), "[(1, 2), (3, 4)]");
        assert_eq!(array(Vec::<u8>::new()), "[]");
    }
}
