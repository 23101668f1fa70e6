//! Section 10.2.2, gb18030 encoder steps 3, 5 and 6: the two-byte part of the encoder.
//!
//! Step 6 is the index pointer in index gb18030. Step 3 makes U+E5E5 an error (the index maps
//! 0xA3 0xA0 to U+3000 instead, for deployed content). Step 5 is the GB18030-2022 side table:
//! eighteen Private Use code points that GB18030-2022 moved to four-byte sequences, which
//! the encoder keeps writing as their old two-byte sequences although the decoder now maps
//! those bytes to the standard characters.

use super::{first_pointers, EncodeTable};
use crate::model::Index;

/// The table of gb18030 encoder step 5, as the current standard gives it: code point and the
/// two bytes it encodes to. This is the one table that lives in the standard's text rather
/// than in its data files.
pub const GB18030_2022_SIDE_TABLE: [(char, [u8; 2]); 18] = [
    ('\u{E78D}', [0xA6, 0xD9]),
    ('\u{E78E}', [0xA6, 0xDA]),
    ('\u{E78F}', [0xA6, 0xDB]),
    ('\u{E790}', [0xA6, 0xDC]),
    ('\u{E791}', [0xA6, 0xDD]),
    ('\u{E792}', [0xA6, 0xDE]),
    ('\u{E793}', [0xA6, 0xDF]),
    ('\u{E794}', [0xA6, 0xEC]),
    ('\u{E795}', [0xA6, 0xED]),
    ('\u{E796}', [0xA6, 0xF3]),
    ('\u{E81E}', [0xFE, 0x59]),
    ('\u{E826}', [0xFE, 0x61]),
    ('\u{E82B}', [0xFE, 0x66]),
    ('\u{E82C}', [0xFE, 0x67]),
    ('\u{E832}', [0xFE, 0x6D]),
    ('\u{E843}', [0xFE, 0x7E]),
    ('\u{E854}', [0xFE, 0x90]),
    ('\u{E864}', [0xFE, 0xA0]),
];

/// The pointer of a gb18030 two-byte sequence (decoder step 5.5).
pub fn two_byte_pointer(lead: u8, trail: u8) -> u16 {
    let offset = if trail < 0x7F { 0x40 } else { 0x41 };
    (lead as u16 - 0x81) * 190 + (trail as u16 - offset)
}

pub(super) fn derive(gb18030: &Index) -> EncodeTable {
    let mut entries = first_pointers(gb18030, |_| false);
    entries.remove(&'\u{E5E5}');
    for (c, [lead, trail]) in GB18030_2022_SIDE_TABLE {
        entries.insert(c, two_byte_pointer(lead, trail));
    }
    let mut side_table = std::collections::BTreeSet::new();
    for (c, _) in GB18030_2022_SIDE_TABLE {
        side_table.insert(c);
    }
    EncodeTable {
        index: gb18030.name.clone(),
        rule: "gb18030 encoder (section 10.2.2): step 6's index pointer, without U+E5E5 (step 3), with step 5's GB18030-2022 side table",
        values_are_bytes: false,
        entries,
        side_table,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_table_pointers() {
        assert_eq!(two_byte_pointer(0xA6, 0xD9), 37 * 190 + 0xD9 - 0x41);
        assert_eq!(two_byte_pointer(0x81, 0x40), 0);
        assert_eq!(two_byte_pointer(0x81, 0x80), 63);
    }
}
