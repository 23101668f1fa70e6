//! Computed parts of a two-byte index: cells whose code points follow from their place, as
//! an offset from a first code point (linear) or the offset's one or zero in a bitmap
//! (ranked; [`RankBitmap`]).

use super::rank::RankBitmap;

/// A rectangle of cells in row order: `len` cells from (`first_row`, `first_column`), rows of
/// `columns` kept columns, the last row possibly cut short.
pub(crate) struct Rectangle {
    /// The row of the first cell.
    pub(crate) first_row: u16,
    /// The kept column of each row's first cell.
    pub(crate) first_column: u8,
    /// Cells per row.
    pub(crate) columns: u8,
    /// Cells in all.
    pub(crate) len: u16,
    /// ⌈2³¹ / `columns`⌉: an offset over `columns` is the offset times this, shifted right by
    /// 31 (the generator checks every offset).
    pub(crate) reciprocal: u32,
    /// The pointer of the first cell.
    pub(crate) first_pointer: u16,
    /// Whether empty columns of the index lie between the cells' columns (the index's kept
    /// columns then say which), rather than each row's cells being consecutive pointers.
    pub(crate) gaps: bool,
}

impl Rectangle {
    /// The offset of (row, kept column) among the cells, if it is one of them.
    #[inline]
    #[cfg_attr(not(feature = "compact"), allow(dead_code))]
    fn offset(&self, row: u32, column: u32) -> Option<u32> {
        let r = row.checked_sub(self.first_row as u32)?;
        let c = column.checked_sub(self.first_column as u32)?;
        let i = r * self.columns as u32 + c;
        (c < self.columns as u32 && i < self.len as u32).then_some(i)
    }
}

/// How a part's code points follow from its cells.
pub(crate) enum PartLayout {
    /// The i-th cell holds `first` + i.
    Linear,
    /// The i-th cell holds `first` plus the bit of the i-th one (or zero) of the bitmap.
    Ranked {
        bitmap: &'static RankBitmap,
        /// Whether the part's code points are the bitmap's ones or its zeros.
        ones: bool,
    },
}

/// A computed part: a chain of rectangles whose cells hold increasing code points from
/// `first` to at most `first + span`.
pub(crate) struct Part {
    /// The first code point of the span (a ranked part's bitmap's bit 0).
    pub(crate) first: u32,
    /// The last code point of the span minus the first.
    pub(crate) span: u32,
    /// The rectangles, in the order of their code points.
    pub(crate) chain: &'static [Rectangle],
    /// Linear or ranked.
    pub(crate) layout: PartLayout,
}

impl Part {
    /// The pointer of the cell holding code point `c`, if the part has it, in an index of
    /// rows of `row` pointers whose kept columns are `columns`.
    #[inline(always)]
    pub(crate) fn pointer_of(&self, c: u32, row: u32, columns: &[u8]) -> Option<u32> {
        let offset = c.wrapping_sub(self.first);
        if offset > self.span {
            return None;
        }
        let mut i = match self.layout {
            PartLayout::Linear => offset,
            PartLayout::Ranked { bitmap, ones } => bitmap.rank(offset, ones)?,
        };
        for rect in self.chain {
            if i < rect.len as u32 {
                // The cell's row and column in the rectangle (a rectangle of one row needs no
                // division).
                let r = if rect.len <= rect.columns as u16 {
                    0
                } else {
                    ((i as u64 * rect.reciprocal as u64) >> 31) as u32
                };
                let c = i - r * rect.columns as u32;
                return Some(if rect.gaps {
                    let kept = rect.first_column as u32 + c;
                    (rect.first_row as u32 + r) * row + *columns.get(kept as usize)? as u32
                } else {
                    rect.first_pointer as u32 + r * row + c
                });
            }
            i -= rect.len as u32;
        }
        None
    }

    /// The code point of (row, kept column), if the part has that cell (the compact decoder's
    /// lookup of a computed part).
    #[cfg_attr(not(feature = "compact"), allow(dead_code))]
    pub(crate) fn code_point_at(&self, row: u32, column: u32) -> Option<u32> {
        let mut before = 0;
        for rect in self.chain {
            if let Some(i) = rect.offset(row, column) {
                let offset = match self.layout {
                    PartLayout::Linear => before + i,
                    PartLayout::Ranked { bitmap, ones } => bitmap.select(before + i, ones)?,
                };
                return Some(self.first + offset);
            }
            before += rect.len as u32;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn rect(first_row: u16, first_column: u8, columns: u8, len: u16) -> Rectangle {
        Rectangle {
            first_row,
            first_column,
            columns,
            len,
            reciprocal: ((1u64 << 31).div_ceil(columns as u64)) as u32,
            first_pointer: 0,
            gaps: true,
        }
    }

    /// Kept column k is column k + 100: pointer = row × 200 + kept column + 100.
    static COLUMNS: [u8; 20] = {
        let mut c = [0; 20];
        let mut k = 0;
        while k < 20 {
            c[k] = 100 + k as u8;
            k += 1;
        }
        c
    };

    fn cell_of(part: &Part, c: u32) -> Option<(u32, u32)> {
        let p = part.pointer_of(c, 200, &COLUMNS)?;
        Some((p / 200, p % 200 - 100))
    }

    #[test]
    fn linear_and_ranked_parts_both_ways() {
        static CHAIN: [Rectangle; 2] = [rect(3, 10, 4, 8), rect(5, 0, 3, 4)];
        let linear = Part {
            first: 0x3041,
            span: 11,
            chain: &CHAIN,
            layout: PartLayout::Linear,
        };
        assert_eq!(cell_of(&linear, 0x3041), Some((3, 10)));
        assert_eq!(cell_of(&linear, 0x3041 + 5), Some((4, 11)));
        assert_eq!(cell_of(&linear, 0x3041 + 8), Some((5, 0)));
        assert_eq!(cell_of(&linear, 0x3041 + 11), Some((6, 0)));
        assert_eq!(cell_of(&linear, 0x3041 + 12), None);
        assert_eq!(cell_of(&linear, 0x3040), None);
        for c in 0x3041..0x3041 + 12 {
            let (row, column) = cell_of(&linear, c).unwrap();
            assert_eq!(linear.code_point_at(row, column), Some(c));
        }
        assert_eq!(linear.code_point_at(4, 14), None);

        // Ones at every even offset of 0..24: the part's 12 cells.
        static BITS: RankBitmap = RankBitmap {
            bytes: &[0x55, 0x55, 0x55],
            samples: &[0, 4, 8],
        };
        let ranked = Part {
            first: 0xAC00,
            span: 23,
            chain: &CHAIN,
            layout: PartLayout::Ranked {
                bitmap: &BITS,
                ones: true,
            },
        };
        assert_eq!(cell_of(&ranked, 0xAC00 + 10), Some((4, 11)));
        assert_eq!(cell_of(&ranked, 0xAC00 + 11), None);
        assert_eq!(ranked.code_point_at(4, 11), Some(0xAC00 + 10));
        let zeros = Part {
            layout: PartLayout::Ranked {
                bitmap: &BITS,
                ones: false,
            },
            ..ranked
        };
        assert_eq!(cell_of(&zeros, 0xAC00 + 11), Some((4, 11)));
        assert_eq!(zeros.code_point_at(6, 0), Some(0xAC00 + 23));
    }
}
