//! Encoding Standard, section 6, "BOM sniff", for bytes that may still be arriving: the first
//! rule of all three formats.

use core::ops::ControlFlow;

use super::result::{Rule, Sniffed};
use crate::encoding::Encoding;

/// What the first bytes say about a byte order mark.
pub(super) enum Bom {
    /// A mark of this encoding (section 6's table; UTF-16 only when compiled in).
    Found(&'static Encoding),
    /// No mark.
    Absent,
    /// The bytes so far start a mark but do not complete one, and more may come.
    Undecided,
}

/// The marks that BOM sniff recognises, in this build.
const MARKS: &[&[u8]] = &[
    b"\xEF\xBB\xBF",
    #[cfg(feature = "utf-16be")]
    b"\xFE\xFF",
    #[cfg(feature = "utf-16le")]
    b"\xFF\xFE",
];

/// BOM sniff of `bytes`; `end`: no more bytes will come.
pub(super) fn bom_sniff(bytes: &[u8], end: bool) -> Bom {
    if let Some((encoding, _)) = Encoding::for_bom(bytes) {
        return Bom::Found(encoding);
    }
    if !end && MARKS.iter().any(|mark| mark.starts_with(bytes)) {
        return Bom::Undecided;
    }
    Bom::Absent
}

/// The first rule of all three formats: `Break(Some(answer))` when a mark decides (with
/// certainty), `Break(None)` when the bytes so far start one (wait for more), `Continue` when
/// there is none.
pub(super) fn byte_order_mark_rule(bytes: &[u8], end: bool) -> ControlFlow<Option<Sniffed>> {
    match bom_sniff(bytes, end) {
        Bom::Found(encoding) => {
            ControlFlow::Break(Some(Sniffed::certain(encoding, Rule::ByteOrderMark)))
        }
        Bom::Undecided => ControlFlow::Break(None),
        Bom::Absent => ControlFlow::Continue(()),
    }
}
