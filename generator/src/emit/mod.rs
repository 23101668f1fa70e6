//! Tables as Rust source text. The only module that knows Rust syntax.
//!
//! Emitted items are named statics with their lengths in their types and a doc comment that
//! says which index and rule produced them and the data's Identifier and Date, so that code
//! generated from the data reads like code a person wrote. Paths into the runtime crate are
//! `crate::table::…`: the macros are meant to be invoked inside the `whatwg-encoding` crate.
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

use std::fmt::{Display, Write};

pub use decode::{decode_array, plane_2_bits, ranges};
pub use encode::{encode_map, hash as hash_code_points, runs, shift_jis_remap, side_table, Hash};
pub use labels::{index_info_table, label_table};

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
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(array(["(1, 2)", "(3, 4)"]), "[(1, 2), (3, 4)]");
        assert_eq!(array(Vec::<u8>::new()), "[]");
    }
}
