//! HTML Standard, 13.2.5.72 to 13.2.5.80, the character reference states, for the attribute
//! values that decide something here (`charset`, `http-equiv` and `content` of a `meta`,
//! `type` of an `input`, `encoding` of an `annotation-xml`) and for the text that can clear
//! the frameset-ok flag.
//!
//! Of the 2,231 named character references only the 57 whose characters include ASCII are
//! kept ([`ASCII_NAMED`]). Every value tested here is decided by its ASCII alone: a label,
//! `content-type`, `hidden`, `text/html`, and the extraction of a `content` charset, which
//! looks for `charset`, `=`, quotes, `;` and whitespace. Any other reference puts a character
//! that is not ASCII where the text had `&`, and consumes only ASCII alphanumerics and a final
//! `;`; taking it as unmatched instead leaves `&` there (a character none of those tests
//! accept either) and the same alphanumerics and `;` after it, which spell no `charset` (no
//! reference's name holds it) and end a label only where `&` has already spoiled it. So the
//! tests answer as with the whole table.

/// The named character references whose characters include ASCII, with them (names without
/// `;` are the legacy ones the standard lets stand without it).
pub(super) const ASCII_NAMED: [(&str, &str); 57] = [
    ("AMP", "&"),
    ("AMP;", "&"),
    ("DiacriticalGrave;", "`"),
    ("GT", ">"),
    ("GT;", ">"),
    ("Hat;", "^"),
    ("LT", "<"),
    ("LT;", "<"),
    ("NewLine;", "\n"),
    ("QUOT", "\""),
    ("QUOT;", "\""),
    ("Tab;", "\t"),
    ("UnderBar;", "_"),
    ("VerticalLine;", "|"),
    ("amp", "&"),
    ("amp;", "&"),
    ("apos;", "'"),
    ("ast;", "*"),
    ("bne;", "=\u{20E5}"),
    ("bsol;", "\\"),
    ("colon;", ":"),
    ("comma;", ","),
    ("commat;", "@"),
    ("dollar;", "$"),
    ("equals;", "="),
    ("excl;", "!"),
    ("fjlig;", "fj"),
    ("grave;", "`"),
    ("gt", ">"),
    ("gt;", ">"),
    ("lbrace;", "{"),
    ("lbrack;", "["),
    ("lcub;", "{"),
    ("lowbar;", "_"),
    ("lpar;", "("),
    ("lsqb;", "["),
    ("lt", "<"),
    ("lt;", "<"),
    ("midast;", "*"),
    ("num;", "#"),
    ("nvgt;", ">\u{20D2}"),
    ("nvlt;", "<\u{20D2}"),
    ("percnt;", "%"),
    ("period;", "."),
    ("plus;", "+"),
    ("quest;", "?"),
    ("quot", "\""),
    ("quot;", "\""),
    ("rbrace;", "}"),
    ("rbrack;", "]"),
    ("rcub;", "}"),
    ("rpar;", ")"),
    ("rsqb;", "]"),
    ("semi;", ";"),
    ("sol;", "/"),
    ("verbar;", "|"),
    ("vert;", "|"),
];

/// The longest name in [`ASCII_NAMED`], `;` included.
pub(super) const LONGEST_NAME: usize = 17;

/// How a character reference that began with `&` ends, given the characters after the `&`
/// that the named character reference state would look at (`name`: ASCII alphanumerics and
/// perhaps a final `;`, at most [`LONGEST_NAME`] + 1 of them) and the character after those.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Named {
    /// The reference stands for these characters and takes `consumed` characters of `name`;
    /// the rest are ordinary characters.
    Characters { text: &'static str, consumed: usize },
    /// No reference: the `&` and the characters are ordinary characters.
    Literal,
}

/// 13.2.5.73, the named character reference state, for the characters `name` after `&`
/// followed by `next` (None at the end of the value), in an attribute value when
/// `in_attribute`.
pub(super) fn named(name: &[u8], next: Option<u8>, in_attribute: bool) -> Named {
    // Consume the maximum number of characters possible, where the consumed characters are
    // one of the identifiers in the named character references table.
    let Some((entry, text)) = ASCII_NAMED
        .iter()
        .filter(|(entry, _)| name.starts_with(entry.as_bytes()))
        .max_by_key(|(entry, _)| entry.len())
    else {
        return Named::Literal;
    };
    let consumed = entry.len();
    // If the character reference was consumed as part of an attribute, and the last
    // character matched is not a U+003B SEMICOLON character (;), and the next input character
    // is either a U+003D EQUALS SIGN character (=) or an ASCII alphanumeric, then, for
    // historical reasons, flush code points consumed as a character reference and switch to
    // the return state.
    let after = name.get(consumed).copied().or(next);
    if in_attribute
        && !entry.ends_with(';')
        && after.is_some_and(|c| c == b'=' || c.is_ascii_alphanumeric())
    {
        return Named::Literal;
    }
    Named::Characters { text, consumed }
}

/// 13.2.5.80, the numeric character reference end state: the character for `code` (None:
/// past U+10FFFF).
pub(super) fn numeric(code: Option<u32>) -> char {
    /// The C1 controls' replacements, 0x80 to 0x9F (0 where there is none).
    const C1: [u16; 32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
        0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
        0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ];
    let Some(code) = code else {
        return '\u{FFFD}';
    };
    // If the number is 0x00, or greater than 0x10FFFF, or a surrogate: U+FFFD.
    if code == 0 {
        return '\u{FFFD}';
    }
    if let Some(&replacement) = code.checked_sub(0x80).and_then(|i| C1.get(i as usize)) {
        if replacement != 0 {
            return char::from_u32(u32::from(replacement)).unwrap_or('\u{FFFD}');
        }
    }
    char::from_u32(code).unwrap_or('\u{FFFD}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_references_match_the_longest_and_keep_the_historical_rule() {
        let chars = |text, consumed| Named::Characters { text, consumed };
        assert_eq!(named(b"amp;", None, true), chars("&", 4));
        assert_eq!(named(b"amp", Some(b' '), true), chars("&", 3));
        // Legacy names before `=` or an alphanumeric stay as they are in attributes.
        assert_eq!(named(b"ampx", None, true), Named::Literal);
        assert_eq!(named(b"amp", Some(b'='), true), Named::Literal);
        assert_eq!(named(b"ampx", None, false), chars("&", 3));
        assert_eq!(named(b"Tab;", None, false), chars("\t", 4));
        assert_eq!(named(b"tab;", None, false), Named::Literal);
        assert_eq!(named(b"bne;", None, true), chars("=\u{20E5}", 4));
        // A reference whose characters are not ASCII is taken as unmatched.
        assert_eq!(named(b"eacute;", None, true), Named::Literal);
        assert!(ASCII_NAMED
            .iter()
            .all(|(name, _)| name.len() <= LONGEST_NAME));
    }

    #[test]
    fn numeric_references() {
        assert_eq!(numeric(Some(0x2D)), '-');
        assert_eq!(numeric(Some(0)), '\u{FFFD}');
        assert_eq!(numeric(None), '\u{FFFD}');
        assert_eq!(numeric(Some(0xD800)), '\u{FFFD}');
        assert_eq!(numeric(Some(0x80)), '\u{20AC}');
        assert_eq!(numeric(Some(0x81)), '\u{81}');
        assert_eq!(numeric(Some(0x0D)), '\r');
    }
}
