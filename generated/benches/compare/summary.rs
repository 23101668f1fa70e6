//! The summary printed after the groups have run: one Markdown table of every pair measured
//! in this run (MB/s of both members and the ratio), then per category the geometric mean of
//! the ratios and the worst pair.

use crate::corpus::Kind;
use crate::group::{Category, Row};
use crate::results::Results;
use std::fmt::Write;

/// One measured row.
pub struct Line<'a> {
    /// What was measured.
    pub row: &'a Row,
    /// Our member's throughput in this run, in MB/s (10^6 bytes of input a second).
    pub ours: f64,
    /// The other member's throughput in this run.
    pub theirs: f64,
    /// Our time over theirs: the median of `runs`.
    pub ratio: f64,
    /// The ratio in each run: this one first, then the saved runs that have the row.
    pub runs: Vec<f64>,
    /// The third member's time over `theirs`, in this run.
    pub also: Option<f64>,
}

/// The rows of `rows` that this run measured, with their saved runs' ratios.
pub fn lines<'a>(rows: &'a [Row], this: &Results, saved: &[Results]) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    for row in rows {
        let group = row.group();
        let times = |results: &Results| {
            Some((
                results.time(&group, row.ours)?,
                results.time(&group, row.theirs)?,
            ))
        };
        let Some((ours, theirs)) = times(this) else {
            continue;
        };
        let mut runs = vec![ours / theirs];
        runs.extend(
            saved
                .iter()
                .filter_map(times)
                .map(|(ours, theirs)| ours / theirs),
        );
        let also = row
            .also
            .and_then(|also| this.time(&group, also))
            .map(|also| also / theirs);
        lines.push(Line {
            row,
            ours: throughput(row.bytes, ours),
            theirs: throughput(row.bytes, theirs),
            ratio: median(&runs),
            runs,
            also,
        });
    }
    lines
}

/// MB/s for `bytes` in `nanoseconds`.
fn throughput(bytes: u64, nanoseconds: f64) -> f64 {
    bytes as f64 * 1e3 / nanoseconds
}

/// The median of `values` (not empty).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[middle]
    } else {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    }
}

/// The geometric mean of `ratios` (not empty).
pub fn geometric_mean(ratios: impl Iterator<Item = f64>) -> f64 {
    let (sum, count) = ratios.fold((0.0, 0), |(sum, count), r| (sum + r.ln(), count + 1));
    (sum / count as f64).exp()
}

/// The line with the highest ratio.
pub fn worst<'a, 'b>(lines: impl Iterator<Item = &'b Line<'a>>) -> Option<&'b Line<'a>> {
    lines.max_by(|a, b| a.ratio.total_cmp(&b.ratio))
}

/// The subsets of a category that get a geometric mean of their own: for the decode
/// categories and encode_utf16, each kind of encoding.
pub fn subsets(category: Category) -> &'static [(&'static str, Option<Kind>)] {
    match category {
        Category::Decode | Category::DecodeUtf16 => &[
            ("all", None),
            ("legacy", Some(Kind::Legacy)),
            ("UTF-8", Some(Kind::Utf8)),
            ("UTF-16LE", Some(Kind::Utf16Le)),
        ],
        Category::EncodeUtf16 => &[
            ("all", None),
            ("legacy", Some(Kind::Legacy)),
            ("UTF-8", Some(Kind::Utf8)),
        ],
        _ => &[("all", None)],
    }
}

/// The lines of `category`, of `kind` if given.
pub fn select<'a, 'b>(
    lines: &'b [Line<'a>],
    category: Category,
    kind: Option<Kind>,
) -> impl Iterator<Item = &'b Line<'a>> {
    lines
        .iter()
        .filter(move |line| line.row.category == category)
        .filter(move |line| kind.is_none_or(|kind| line.row.kind == kind))
}

/// The table of every line: both members' MB/s and the ratio (with several runs, the
/// lowest and highest ratio and how many runs had the pair).
pub fn pairs_table(lines: &[Line], runs: usize) -> String {
    let mut out = String::new();
    let several = runs > 1;
    out.push_str("| category | pair | ours MB/s | theirs MB/s | ratio |");
    out.push_str(if several {
        " lowest | highest | runs |\n"
    } else {
        "\n"
    });
    out.push_str("| --- | --- | ---: | ---: | ---: |");
    out.push_str(if several {
        " ---: | ---: | ---: |\n"
    } else {
        "\n"
    });
    for line in lines {
        let row = line.row;
        let _ = write!(
            out,
            "| {} | {} | {:.0} | {:.0} | {:.2} |",
            row.category.name(),
            row.pair,
            line.ours,
            line.theirs,
            line.ratio
        );
        if several {
            let lowest = line.runs.iter().copied().fold(f64::INFINITY, f64::min);
            let highest = line.runs.iter().copied().fold(0.0, f64::max);
            let _ = write!(out, " {lowest:.2} | {highest:.2} | {} |", line.runs.len());
        }
        out.push('\n');
    }
    out
}

/// Per category (and per kind of encoding for decoding) the geometric mean of the ratios and
/// the worst pair, then a line for each third member measured.
pub fn means_table(lines: &[Line]) -> String {
    let mut out =
        String::from("| category | pairs | geometric mean | worst pair | worst ratio |\n");
    out.push_str("| --- | ---: | ---: | --- | ---: |\n");
    for category in Category::ALL {
        for &(subset, kind) in subsets(category) {
            let count = select(lines, category, kind).count();
            let Some(worst) = worst(select(lines, category, kind)) else {
                continue;
            };
            let mean = geometric_mean(select(lines, category, kind).map(|line| line.ratio));
            let name = match subset {
                "all" => category.name().to_owned(),
                subset => format!("{}, {subset}", category.name()),
            };
            let _ = writeln!(
                out,
                "| {name} | {count} | {mean:.2} | {} | {:.2} |",
                worst.row.pair, worst.ratio
            );
        }
    }
    let mut third = lines
        .iter()
        .filter_map(|line| Some((line, line.also?, line.row.also?)))
        .peekable();
    if third.peek().is_some() {
        out.push_str("\n| group | third member | its time over the second's (this run) |\n");
        out.push_str("| --- | --- | ---: |\n");
        for (line, also, name) in third {
            let _ = writeln!(
                out,
                "| {}/{} | {name} | {also:.2} × {} |",
                line.row.category.name(),
                line.row.pair,
                line.row.theirs
            );
        }
    }
    out
}
