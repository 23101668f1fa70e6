//! The performance issue's targets, each marked met or missed (and by how much) from the
//! lines this run measured. Targets on categories this run did not measure are left out.

use crate::corpus::Kind;
use crate::encoding_rs_build::Build;
use crate::group::Category;
use crate::summary::{geometric_mean, select, worst, Line};
use std::fmt::Write;

/// What a target bounds.
enum Bound {
    /// Every pair's ratio.
    Every,
    /// The geometric mean of the ratios.
    Mean,
}

/// One target: the ratios of `category` (of `kind` if given) under `Bound` must be at most
/// `limit`.
struct Target {
    /// How the table names it.
    text: &'static str,
    category: Category,
    kind: Option<Kind>,
    bound: Bound,
    limit: f64,
}

impl Target {
    const fn new(
        text: &'static str,
        category: Category,
        kind: Option<Kind>,
        bound: Bound,
        limit: f64,
    ) -> Target {
        Target {
            text,
            category,
            kind,
            bound,
            limit,
        }
    }
}

/// The targets that hold whichever encoding_rs build is compared against.
const ALWAYS: &[Target] = &[
    Target::new(
        "every decode pair ≤ 1.0",
        Category::Decode,
        None,
        Bound::Every,
        1.0,
    ),
    Target::new(
        "every decode_utf16 pair ≤ 1.0",
        Category::DecodeUtf16,
        None,
        Bound::Every,
        1.0,
    ),
    Target::new(
        "legacy decode geometric mean ≤ 0.8",
        Category::Decode,
        Some(Kind::Legacy),
        Bound::Mean,
        0.8,
    ),
    Target::new(
        "legacy decode_utf16 geometric mean ≤ 0.8",
        Category::DecodeUtf16,
        Some(Kind::Legacy),
        Bound::Mean,
        0.8,
    ),
    Target::new(
        "valid UTF-8 decode, every pair ≤ 0.7",
        Category::Decode,
        Some(Kind::Utf8),
        Bound::Every,
        0.7,
    ),
    Target::new(
        "valid UTF-8 decode geometric mean ≤ 0.5",
        Category::Decode,
        Some(Kind::Utf8),
        Bound::Mean,
        0.5,
    ),
    Target::new(
        "UTF-8 → UTF-16 (decode_utf16) geometric mean ≤ 0.4",
        Category::DecodeUtf16,
        Some(Kind::Utf8),
        Bound::Mean,
        0.4,
    ),
    Target::new(
        "UTF-16LE decode, every pair ≤ 0.5",
        Category::Decode,
        Some(Kind::Utf16Le),
        Bound::Every,
        0.5,
    ),
    Target::new(
        "UTF-16 → UTF-8 (encode_utf16), every pair ≤ 0.5",
        Category::EncodeUtf16,
        Some(Kind::Utf8),
        Bound::Every,
        0.5,
    ),
    Target::new(
        "ASCII-heavy decode ≤ 2 × copy",
        Category::Limit,
        Some(Kind::Limit),
        Bound::Every,
        2.0,
    ),
    Target::new(
        "en.html into an owned String ≤ 1.3 × copy",
        Category::Limit,
        Some(Kind::Limit),
        Bound::Every,
        1.3,
    ),
    Target::new(
        "streaming, 4 KiB chunks ≤ 1.1 × one-shot",
        Category::Stream4k,
        None,
        Bound::Every,
        1.1,
    ),
    Target::new(
        "streaming, 64-byte chunks ≤ 1.5 × one-shot",
        Category::Stream64,
        None,
        Bound::Every,
        1.5,
    ),
    Target::new(
        "hostile input ≤ 2.0",
        Category::Hostile,
        None,
        Bound::Every,
        2.0,
    ),
    Target::new(
        "prescan of 1024 bytes ≤ decode_to_str of them, every page",
        Category::Sniff,
        None,
        Bound::Every,
        1.0,
    ),
    Target::new(
        "whole-document sniffing of a page ≤ 2.0 × decode_to_str of it, every page",
        Category::SniffDocument,
        None,
        Bound::Every,
        2.0,
    ),
];

/// The encode targets against encoding_rs's default build.
const AGAINST_DEFAULT: &[Target] = &[
    Target::new(
        "every encode pair ≤ 0.5 (default build)",
        Category::Encode,
        None,
        Bound::Every,
        0.5,
    ),
    Target::new(
        "every legacy encode_utf16 pair ≤ 0.5 (default build)",
        Category::EncodeUtf16,
        Some(Kind::Legacy),
        Bound::Every,
        0.5,
    ),
    Target::new(
        "encode geometric mean ≤ 0.25 (default build)",
        Category::Encode,
        None,
        Bound::Mean,
        0.25,
    ),
    Target::new(
        "legacy encode_utf16 geometric mean ≤ 0.25 (default build)",
        Category::EncodeUtf16,
        Some(Kind::Legacy),
        Bound::Mean,
        0.25,
    ),
];

/// The encode targets against encoding_rs with fast-legacy-encode.
const AGAINST_FAST: &[Target] = &[
    Target::new(
        "every encode pair ≤ 1.0 (fast-legacy-encode)",
        Category::Encode,
        None,
        Bound::Every,
        1.0,
    ),
    Target::new(
        "every legacy encode_utf16 pair ≤ 1.0 (fast-legacy-encode)",
        Category::EncodeUtf16,
        Some(Kind::Legacy),
        Bound::Every,
        1.0,
    ),
];

/// The targets table for `lines`, compared against `build`. With a build the targets are
/// not stated for, both builds' encode targets are shown.
pub fn render(lines: &[Line], build: &Build) -> String {
    let encode: &[&[Target]] = match build {
        Build::Default => &[AGAINST_DEFAULT],
        Build::FastLegacyEncode => &[AGAINST_FAST],
        Build::Other(_) | Build::Unknown => &[AGAINST_DEFAULT, AGAINST_FAST],
    };
    let mut out = String::from("| target | measured | result |\n| --- | --- | --- |\n");
    for target in [ALWAYS]
        .iter()
        .chain(encode)
        .flat_map(|targets| targets.iter())
    {
        let count = select(lines, target.category, target.kind).count();
        let Some(worst) = worst(select(lines, target.category, target.kind)) else {
            continue;
        };
        let (measured, value) = match target.bound {
            Bound::Every => {
                let above = select(lines, target.category, target.kind)
                    .filter(|line| line.ratio > target.limit)
                    .count();
                let measured = format!(
                    "{above} of {count} above; worst {} {:.2}",
                    worst.row.pair, worst.ratio
                );
                (measured, worst.ratio)
            }
            Bound::Mean => {
                let mean = geometric_mean(
                    select(lines, target.category, target.kind).map(|line| line.ratio),
                );
                (format!("{mean:.2} over {count} pairs"), mean)
            }
        };
        let result = if value <= target.limit {
            "met".to_owned()
        } else {
            format!("missed: {:.2}× too slow", value / target.limit)
        };
        let _ = writeln!(out, "| {} | {measured} | {result} |", target.text);
    }
    out
}
