//! Finding an index's parts: rectangles of cells whose code points increase (ranked) or are
//! consecutive (linear), chosen by the bytes they save, then chained and paired.
//!
//! The search is linear in the index's cells: it runs in the proc macros, unoptimised, on
//! every clean build of the runtime crate.
//!
//! 1. For each row, where each cell's increasing and consecutive stretches end.
//! 2. Candidates: for the whole width of the kept columns and for each band of columns on
//!    either side of a column, the rows in turn while the band's cells all hold increasing
//!    code points that go on from the row before; and each row's consecutive stretches, with
//!    the rows below that go on with them.
//! 3. Candidates in the order of the bytes they save (an encode-map entry each, minus the
//!    part's own bytes), each taken unless it shares a cell with one taken before (its
//!    longest stretch of rows that does not becomes a candidate again); then each
//!    goes on into the start of the next row where its code points do and the cells are
//!    free, and a ranked part's code points are cut after the point where its bitmap would
//!    cost more than its last code points save.
//! 4. Ranked parts whose code points follow one another chained into one part, likewise linear
//!    ones; two ranked parts whose code points fill their common span paired on one bitmap.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Bitmap, IndexLayout, Part, PartLayout, Rectangle};

/// What an encode-map entry costs, in hundredths of a byte: a u16 value, a pilot byte per
/// three entries and a u16 remap per hundred slots.
const MAP_ENTRY: usize = 235;
/// What a linear part's description costs, in hundredths of a byte.
const LINEAR_PART: usize = 1600;
/// What a ranked part's description costs besides its bitmap, in hundredths of a byte.
const RANKED_PART: usize = 2400;
/// The fewest cells of a linear part.
pub const MIN_LINEAR: usize = 32;
/// The fewest cells of a ranked part.
pub const MIN_RANKED: usize = 256;
/// The largest gap between the code points of two ranked parts chained into one: the gap's
/// bits cost less than a second part's description.
const MAX_CHAIN_GAP: usize = 64;

/// The largest step between the code points of neighbouring cells of a ranked part: a
/// longer one costs its bitmap more bytes than the encode-map entries of a row save.
const MAX_STEP: u32 = 1024;

/// The cells as code points (0 for none), row by row over the kept columns, with where each
/// cell's increasing and consecutive stretches end.
struct Grid {
    width: usize,
    cells: Vec<u32>,
    increasing_end: Vec<u16>,
    linear_end: Vec<u16>,
}

impl Grid {
    fn new(layout: &IndexLayout) -> Grid {
        let width = layout.columns.len();
        let mut cells = Vec::with_capacity(layout.rows * width);
        for row in 0..layout.rows {
            for column in 0..width {
                cells.push(layout.code_point(row, column).map_or(0, |c| c as u32));
            }
        }
        let mut increasing_end = vec![0u16; cells.len()];
        let mut linear_end = vec![0u16; cells.len()];
        for row in 0..layout.rows {
            let base = row * width;
            for k in (0..width).rev() {
                let (here, next) = (cells[base + k], cells.get(base + k + 1).copied());
                let next = next.filter(|_| k + 1 < width).unwrap_or(0);
                let (inc, lin) = if here == 0 {
                    (k, k)
                } else if next > here && next - here <= MAX_STEP {
                    let inc = increasing_end[base + k + 1] as usize;
                    let lin = if next == here + 1 {
                        linear_end[base + k + 1] as usize
                    } else {
                        k + 1
                    };
                    (inc, lin)
                } else {
                    (k + 1, k + 1)
                };
                increasing_end[base + k] = inc as u16;
                linear_end[base + k] = lin as u16;
            }
        }
        Grid {
            width,
            cells,
            increasing_end,
            linear_end,
        }
    }

    fn rows(&self) -> usize {
        self.cells.len() / self.width.max(1)
    }

    fn cell(&self, row: usize, column: usize) -> u32 {
        self.cells[row * self.width + column]
    }

    fn increasing(&self, row: usize, column: usize) -> usize {
        self.increasing_end[row * self.width + column] as usize
    }

    fn linear(&self, row: usize, column: usize) -> usize {
        self.linear_end[row * self.width + column] as usize
    }
}

/// A rectangle found, before it becomes a part.
#[derive(Debug, Clone)]
struct Candidate {
    rect: Rectangle,
    code_points: Vec<char>,
    linear: bool,
}

impl Candidate {
    /// The rectangle's code points, which the search found increasing.
    fn new(grid: &Grid, rect: Rectangle) -> Option<Candidate> {
        let code_points: Vec<char> = (0..rect.len)
            .map(|i| {
                let (row, column) = rect.cell(i);
                char::from_u32(grid.cell(row, column))
            })
            .collect::<Option<_>>()?;
        let linear = span(&code_points) == code_points.len();
        Some(Candidate {
            rect,
            code_points,
            linear,
        })
    }
}

/// The bytes a rectangle of increasing code points saves, in hundredths, if positive: from
/// its first and last code points alone, so that the many rectangles the search finds need
/// not be read. None for code points beyond the BMP (the runtime's cells are u16).
fn saving(grid: &Grid, rect: &Rectangle) -> Option<usize> {
    let n = rect.len;
    let (first, last) = (rect.cell(0), rect.cell(n.checked_sub(1)?));
    let (first, last) = (grid.cell(first.0, first.1), grid.cell(last.0, last.1));
    if last > 0xFFFF || first == 0 {
        return None;
    }
    let span = (last - first) as usize + 1;
    let cost = if span == n {
        if n < MIN_LINEAR {
            return None;
        }
        LINEAR_PART
    } else {
        if n < MIN_RANKED {
            return None;
        }
        RANKED_PART + 100 * Bitmap::size_for(span)
    };
    (n * MAP_ENTRY).checked_sub(cost).filter(|&s| s > 0)
}

/// The number of code points from the first of `code_points` to the last.
fn span(code_points: &[char]) -> usize {
    match (code_points.first(), code_points.last()) {
        (Some(&a), Some(&b)) => b as usize - a as usize + 1,
        _ => 0,
    }
}

/// The band `columns`' rectangles of increasing code points, row after row.
fn increasing_rectangles(grid: &Grid, columns: std::ops::Range<usize>, out: &mut Vec<Rectangle>) {
    let (first, end) = (columns.start, columns.end);
    let width = end - first;
    let full = |row: usize| grid.increasing(row, first) >= end;
    let mut row = 0;
    while row < grid.rows() {
        if !full(row) {
            row += 1;
            continue;
        }
        let start = row;
        let mut last = grid.cell(row, end - 1);
        row += 1;
        while row < grid.rows() && full(row) && grid.cell(row, first) > last {
            last = grid.cell(row, end - 1);
            row += 1;
        }
        out.push(Rectangle {
            first_row: start,
            first_column: first,
            columns: width,
            len: (row - start) * width,
        });
    }
}

/// Each row's stretches of consecutive code points, with the rows below that go on with them.
fn linear_rectangles(grid: &Grid, out: &mut Vec<Rectangle>) {
    for row in 0..grid.rows() {
        let mut column = 0;
        while column < grid.width {
            let end = grid.linear(row, column);
            if end <= column + 1 {
                column += 1;
                continue;
            }
            // Started in a row above.
            let above = row > 0
                && grid.linear(row - 1, column) >= end
                && grid.cell(row - 1, end - 1) + 1 == grid.cell(row, column);
            if !above {
                let mut rows = 1;
                let mut last = grid.cell(row, end - 1);
                while row + rows < grid.rows()
                    && grid.linear(row + rows, column) >= end
                    && grid.cell(row + rows, column) == last + 1
                {
                    last = grid.cell(row + rows, end - 1);
                    rows += 1;
                }
                out.push(Rectangle {
                    first_row: row,
                    first_column: column,
                    columns: end - column,
                    len: rows * (end - column),
                });
            }
            column = end;
        }
    }
}

/// The parts of `layout`, in the order of their first code points (a ranked part's: its
/// bitmap's, so that a pair stays together, its ones first: the sort is stable), and the
/// bitmaps of its ranked parts.
pub(super) fn parts(layout: &IndexLayout) -> (Vec<Part>, Vec<Bitmap>) {
    let grid = Grid::new(layout);
    if grid.width == 0 {
        return (Vec::new(), Vec::new());
    }
    let mut rects = Vec::new();
    increasing_rectangles(&grid, 0..grid.width, &mut rects);
    for k in 1..grid.width {
        increasing_rectangles(&grid, 0..k, &mut rects);
        increasing_rectangles(&grid, k..grid.width, &mut rects);
    }
    linear_rectangles(&grid, &mut rects);
    // Most bytes saved first; ties by place, so that the choice does not depend on the
    // search's order.
    let key = |saving: usize, r: &Rectangle| {
        (
            saving,
            Reverse(r.first_row),
            Reverse(r.first_column),
            Reverse(r.columns),
        )
    };
    let mut candidates: BinaryHeap<_> = rects
        .into_iter()
        .filter_map(|rect| Some((key(saving(&grid, &rect)?, &rect), rect)))
        .collect();
    let mut taken: Vec<Rectangle> = Vec::new();
    while let Some((_, rect)) = candidates.pop() {
        if taken.iter().all(|t| !t.overlaps(&rect)) {
            taken.push(rect);
            continue;
        }
        // Its longest stretch of rows that no rectangle taken shares, back in the queue.
        let free = |row: usize| {
            let one = Rectangle {
                first_row: row,
                len: rect.columns,
                ..rect
            };
            taken.iter().all(|t| !t.overlaps(&one))
        };
        let (mut best, mut start) = (0..0, None);
        for row in rect.rows().chain([rect.rows().end]) {
            match (row < rect.rows().end && free(row), start) {
                (true, None) => start = Some(row),
                (false, Some(s)) => {
                    if row - s > best.len() {
                        best = s..row;
                    }
                    start = None;
                }
                _ => {}
            }
        }
        if best.is_empty() || best.len() == rect.rows().len() {
            continue;
        }
        let rest = Rectangle {
            first_row: best.start,
            len: best.len() * rect.columns,
            ..rect
        };
        if let Some(saving) = saving(&grid, &rest) {
            candidates.push((key(saving, &rest), rest));
        }
    }
    // Each rectangle of whole rows goes on into the start of the next row where its code
    // points do and no rectangle taken has those cells.
    for i in 0..taken.len() {
        let rect = taken[i];
        let row = rect.rows().end;
        if row >= grid.rows() || rect.len % rect.columns != 0 {
            continue;
        }
        let (row_before, last_column) = rect.cell(rect.len - 1);
        let last = grid.cell(row_before, last_column);
        let first = rect.first_column;
        let mut more = 0;
        if grid.cell(row, first) > last {
            more = grid.increasing(row, first).min(first + rect.columns) - first;
        }
        if grid.linear(row, first) > first && grid.cell(row, first) == last + 1 {
            // A linear rectangle goes on only as far as its code points stay consecutive.
            let linear = (0..rect.len).all(|i| {
                let (r, c) = rect.cell(i);
                grid.cell(r, c) == grid.cell(rect.first_row, first) + i as u32
            });
            if linear {
                more = grid.linear(row, first).min(first + rect.columns) - first;
            }
        }
        while more > 0 {
            let longer = Rectangle {
                len: rect.len + more,
                ..rect
            };
            let free = taken
                .iter()
                .enumerate()
                .all(|(j, t)| j == i || !t.overlaps(&longer));
            if free {
                taken[i] = longer;
                break;
            }
            more -= 1;
        }
    }
    let taken: Vec<Candidate> = taken
        .into_iter()
        .filter_map(|rect| cut_tail(Candidate::new(&grid, rect)?))
        .collect();
    assemble(taken)
}

/// A ranked candidate cut after the code point where it saves most (its last code points may
/// lie far above the others); None if it then saves nothing.
fn cut_tail(mut c: Candidate) -> Option<Candidate> {
    if c.linear {
        return Some(c);
    }
    let first = *c.code_points.first()? as usize;
    let (best, saving) = (MIN_RANKED..=c.code_points.len())
        .map(|m| {
            let bits = c.code_points[m - 1] as usize - first + 1;
            let cost = RANKED_PART + 100 * Bitmap::size_for(bits);
            (m, (m * MAP_ENTRY) as i64 - cost as i64)
        })
        .max_by_key(|&(m, saving)| (saving, Reverse(m)))?;
    if saving <= 0 {
        return None;
    }
    c.code_points.truncate(best);
    c.rect.len = best;
    Some(c)
}

/// Rectangles whose cells, in order, hold increasing code points.
struct Chain {
    linear: bool,
    rects: Vec<Rectangle>,
    code_points: Vec<char>,
}

/// The candidates taken, chained and paired into parts, with their bitmaps.
fn assemble(mut taken: Vec<Candidate>) -> (Vec<Part>, Vec<Bitmap>) {
    taken.sort_by_key(|c| (!c.linear, c.code_points[0]));
    // Chains: a candidate goes on with the one before if its code points follow on.
    let mut chains: Vec<Chain> = Vec::new();
    for c in taken {
        if let Some(chain) = chains.last_mut() {
            let last = *chain.code_points.last().unwrap_or(&'\0') as usize;
            let first = c.code_points[0] as usize;
            let follows = if c.linear {
                first == last + 1
            } else {
                first > last && first - last <= MAX_CHAIN_GAP
            };
            if chain.linear == c.linear && follows {
                chain.rects.push(c.rect);
                chain.code_points.extend(c.code_points);
                continue;
            }
        }
        chains.push(Chain {
            linear: c.linear,
            rects: vec![c.rect],
            code_points: c.code_points,
        });
    }
    let mut parts = Vec::new();
    let mut ranked = Vec::new();
    for chain in chains {
        if chain.linear {
            parts.push(Part {
                layout: PartLayout::Linear {
                    first: chain.code_points[0],
                },
                chain: chain.rects,
                code_points: chain.code_points,
            });
        } else {
            ranked.push(chain);
        }
    }
    // Pairs: two ranked chains whose code points, apart, fill their common span, on one
    // bitmap whose ones are the sparser's; the others, each on its own.
    let mut bitmaps = Vec::new();
    while let Some(a) = ranked.pop() {
        let (ones, zeros) = match ranked
            .iter()
            .position(|b| fills_span(&a.code_points, &b.code_points))
        {
            Some(i) => {
                let b = ranked.remove(i);
                if a.code_points.len() <= b.code_points.len() {
                    (a, Some(b))
                } else {
                    (b, Some(a))
                }
            }
            None => (a, None),
        };
        let first =
            ones.code_points[0].min(zeros.as_ref().map_or('\u{10FFFF}', |z| z.code_points[0]));
        let last = *ones.code_points.last().unwrap_or(&'\0');
        let last = last.max(
            zeros
                .as_ref()
                .and_then(|z| z.code_points.last().copied())
                .unwrap_or('\0'),
        );
        let Some(bitmap) = Bitmap::new(first, last, ones.code_points.iter().copied()) else {
            continue;
        };
        bitmaps.push(bitmap);
        for (chain, ones) in [(ones, true)].into_iter().chain(zeros.map(|z| (z, false))) {
            parts.push(Part {
                chain: chain.rects,
                code_points: chain.code_points,
                layout: PartLayout::Ranked {
                    bitmap: bitmaps.len() - 1,
                    ones,
                },
            });
        }
    }
    // In code point order; a pair together (the sort is stable), its ones first.
    parts.sort_by_key(|p| match p.layout {
        PartLayout::Ranked { bitmap, .. } => bitmaps[bitmap].first,
        PartLayout::Linear { first } => first,
    });
    (parts, bitmaps)
}

/// Whether `a` and `b` (each increasing) have no code point in common and together hold
/// every code point from the lower first to the higher last, their spans overlapping.
fn fills_span(a: &[char], b: &[char]) -> bool {
    let (Some(&af), Some(&al), Some(&bf), Some(&bl)) = (a.first(), a.last(), b.first(), b.last())
    else {
        return false;
    };
    if al < bf || bl < af {
        return false;
    }
    let span = (al.max(bl) as usize) - (af.min(bf) as usize) + 1;
    if a.len() + b.len() != span {
        return false;
    }
    // Both increasing: merge and check they never meet.
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] == b[j] {
            return false;
        }
        if a[i] < b[j] {
            i += 1;
        } else {
            j += 1;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Index, IndexData, IndexMeta};

    /// An index named like a two-byte one, its pointers given.
    fn layout(name: &str, pointers: Vec<Option<char>>) -> IndexLayout {
        IndexLayout::of(&Index {
            name: name.into(),
            meta: IndexMeta::default(),
            data: IndexData::Pointers(pointers),
        })
        .unwrap()
    }

    fn ch(c: u32) -> Option<char> {
        char::from_u32(c)
    }

    #[test]
    fn a_band_of_increasing_rows_becomes_a_ranked_part() {
        // Rows of 94: columns 0-39 increasing over ten rows (skipping every third code
        // point), the rest decreasing (no part), one empty column.
        let mut p = vec![None; 94 * 12];
        let mut c = 0x4E00;
        for row in 0..10 {
            for col in 0..40 {
                p[row * 94 + col] = ch(c);
                c += if col % 3 == 2 { 2 } else { 1 };
            }
            for col in 41..94 {
                p[row * 94 + col] = ch(0x9000 - (row * 94 + col) as u32);
            }
        }
        let l = layout("jis0212", p);
        assert_eq!(l.columns.len(), 93);
        assert_eq!(l.parts.len(), 1, "{:?}", l.parts);
        let part = &l.parts[0];
        assert_eq!(
            part.layout,
            PartLayout::Ranked {
                bitmap: 0,
                ones: true
            }
        );
        // Its last cell may be cut off where that saves a byte of the bitmap.
        let len = part.chain[0].len;
        assert!(len == 400 || len == 399, "{len}");
        assert_eq!(
            part.chain,
            [Rectangle {
                first_row: 0,
                first_column: 0,
                columns: 40,
                len
            }]
        );
        let b = &l.bitmaps[0];
        assert_eq!(b.first, '\u{4E00}');
        assert_eq!(part.code_points.len(), len);
        assert!(part.code_points.iter().all(|&c| b.is_one(c)));
        assert_eq!(b.rank(*part.code_points.last().unwrap()), len - 1);
    }

    #[test]
    fn consecutive_code_points_become_a_linear_part_even_across_rows() {
        let mut p = vec![None; 94 * 3];
        for i in 0..50 {
            p[94 + 10 + i] = ch(0x3041 + i as u32);
        }
        for i in 0..50 {
            p[2 * 94 + 10 + i] = ch(0x3041 + 50 + i as u32);
        }
        let l = layout("jis0208", p);
        assert_eq!(l.parts.len(), 1);
        let part = &l.parts[0];
        assert_eq!(part.layout, PartLayout::Linear { first: '\u{3041}' });
        assert_eq!(part.code_points.len(), 100);
        // Columns 10 to 59 are the only kept ones: kept column 0.
        assert_eq!(part.chain[0].first_column, 0);
        assert_eq!(part.chain[0].rows(), 1..3);
        assert_eq!(l.part_of(2, 49), Some((0, 99)));
        assert_eq!(l.part_of(0, 0), None);
    }

    #[test]
    fn two_parts_that_fill_their_span_share_a_bitmap() {
        // Rows 0-9: every other code point of U+AC00..; rows 10-19 the ones between.
        let mut p = vec![None; 190 * 20];
        for i in 0..1900u32 {
            p[i as usize] = ch(0xAC00 + 2 * i);
            p[1900 + i as usize] = ch(0xAC01 + 2 * i);
        }
        let l = layout("euc-kr", p);
        assert_eq!(l.bitmaps.len(), 1, "{:?}", l.parts);
        assert_eq!(l.parts.len(), 2);
        let kinds: Vec<_> = l.parts.iter().map(|p| p.layout.clone()).collect();
        assert!(kinds.contains(&PartLayout::Ranked {
            bitmap: 0,
            ones: true
        }));
        assert!(kinds.contains(&PartLayout::Ranked {
            bitmap: 0,
            ones: false
        }));
    }

    #[test]
    fn a_far_last_code_point_is_cut_off() {
        let mut p = vec![None; 190 * 4];
        for i in 0..700u32 {
            p[i as usize] = ch(0x4E00 + 2 * i);
        }
        p[700] = ch(0xF900);
        let l = layout("gb18030", p);
        assert_eq!(l.parts.len(), 1);
        assert_eq!(l.parts[0].code_points.len(), 700);
        assert_eq!(l.bitmaps[0].last as u32, 0x4E00 + 1398);
    }
}
