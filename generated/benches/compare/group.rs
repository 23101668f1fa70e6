//! What one criterion group measures and how the summary reads it: a category, a pair, the
//! member that is ours and the member it is measured against.

use crate::corpus::Kind;
use criterion::{Criterion, Throughput};

/// The kinds of measurement, in the order the summary lists them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Category {
    /// One-shot `decode_without_bom_handling`, ours against encoding_rs.
    Decode,
    /// `Decoder::decode_to_utf16` into a preallocated buffer, ours against encoding_rs.
    DecodeUtf16,
    /// One-shot `encode`, ours against encoding_rs.
    Encode,
    /// `Encoder::encode_from_utf16` into a preallocated buffer, ours against encoding_rs.
    EncodeUtf16,
    /// Our `decode_to_string` against `copy_from_slice` of the same bytes.
    Limit,
    /// Our `Decoder` fed 4 KiB chunks against our one-shot `decode_to_utf8`.
    Stream4k,
    /// Our `Decoder` fed 64-byte chunks against our one-shot `decode_to_utf8`.
    Stream64,
    /// 64 KiB of random bytes, one-shot `decode_without_bom_handling`, ours against
    /// encoding_rs.
    Hostile,
    /// The HTML prescan of a page's first 1024 bytes against `decode_to_str` of them as
    /// windows-1252.
    Sniff,
    /// The whole-document mode over each page without its `<meta>` against `decode_to_str` of
    /// the page as windows-1252.
    SniffDocument,
    /// The same with a `<meta>` that declares nothing after each page's end, so that the text
    /// is followed to its end.
    SniffDocumentFull,
}

impl Category {
    /// Every category, in summary order.
    pub const ALL: [Category; 11] = [
        Category::Decode,
        Category::DecodeUtf16,
        Category::Encode,
        Category::EncodeUtf16,
        Category::Limit,
        Category::Stream4k,
        Category::Stream64,
        Category::Hostile,
        Category::Sniff,
        Category::SniffDocument,
        Category::SniffDocumentFull,
    ];

    /// The first part of the group names.
    pub fn name(self) -> &'static str {
        match self {
            Category::Decode => "decode",
            Category::DecodeUtf16 => "decode_utf16",
            Category::Encode => "encode",
            Category::EncodeUtf16 => "encode_utf16",
            Category::Limit => "limit",
            Category::Stream4k => "stream4k",
            Category::Stream64 => "stream64",
            Category::Hostile => "hostile",
            Category::Sniff => "sniff",
            Category::SniffDocument => "sniff_document",
            Category::SniffDocumentFull => "sniff_document_full",
        }
    }
}

/// One group: `{category}/{pair}` with members `ours` and `theirs` (and, for the limit, a
/// third member `also`, compared with `theirs` in a note).
pub struct Row {
    /// What is measured.
    pub category: Category,
    /// `language/encoding`, e.g. `ja.html/Shift_JIS`.
    pub pair: String,
    /// The kind of encoding, for the per-kind geometric means.
    pub kind: Kind,
    /// The member whose time is the ratio's numerator.
    pub ours: &'static str,
    /// The member whose time is the ratio's denominator.
    pub theirs: &'static str,
    /// A third member, measured against `theirs` for information.
    pub also: Option<&'static str>,
    /// The input's length in bytes, for MB/s.
    pub bytes: u64,
}

impl Row {
    /// A row whose members are `ours` and `encoding_rs`.
    pub fn against_encoding_rs(category: Category, pair: &str, kind: Kind, bytes: usize) -> Row {
        Row {
            category,
            pair: pair.to_owned(),
            kind,
            ours: "ours",
            theirs: "encoding_rs",
            also: None,
            bytes: bytes as u64,
        }
    }

    /// The criterion group's name.
    pub fn group(&self) -> String {
        format!("{}/{}", self.category.name(), self.pair)
    }
}

/// Runs `row`'s group with `ours` and `theirs` as its members (criterion skips those the
/// command line's filter rejects) and records the row for the summary.
pub fn bench<A, B, RA, RB>(
    c: &mut Criterion,
    rows: &mut Vec<Row>,
    row: Row,
    mut ours: A,
    mut theirs: B,
) where
    A: FnMut() -> RA,
    B: FnMut() -> RB,
{
    let mut group = c.benchmark_group(row.group());
    group.throughput(Throughput::BytesDecimal(row.bytes));
    group.bench_function(row.ours, |b| b.iter(&mut ours));
    group.bench_function(row.theirs, |b| b.iter(&mut theirs));
    group.finish();
    rows.push(row);
}

/// Warns on stderr when the two libraries' outputs for `row` differ: the benchmark still
/// runs, but its ratio compares different work.
pub fn check<T: PartialEq>(row: &Row, ours: T, theirs: T) {
    if ours != theirs {
        eprintln!(
            "compare: warning: {} gives different output from ours and from {}",
            row.group(),
            row.theirs
        );
    }
}
