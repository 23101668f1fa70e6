//! The inputs: the Wikipedia "Mars" articles of `shared/bench-corpus` (as plain text and as
//! the page's HTML), each in its language's legacy encodings, in UTF-8 and in UTF-16LE.

use std::path::{Path, PathBuf};

/// Each language of the corpus and its legacy encodings, as `shared/README.md` lists them.
const LANGUAGES: &[(&str, &[&str])] = &[
    ("ar", &["windows-1256"]),
    ("cs", &["windows-1250", "ISO-8859-2"]),
    ("de", &["windows-1252"]),
    ("el", &["windows-1253", "ISO-8859-7"]),
    ("en", &["windows-1252"]),
    ("fr", &["windows-1252"]),
    ("he", &["windows-1255", "ISO-8859-8"]),
    ("ja", &["Shift_JIS", "EUC-JP", "ISO-2022-JP"]),
    ("ko", &["EUC-KR"]),
    ("pt", &["windows-1252"]),
    ("ru", &["windows-1251", "KOI8-R", "IBM866"]),
    ("th", &["windows-874"]),
    ("tr", &["windows-1254"]),
    ("vi", &["windows-1258"]),
    ("zh_cn", &["gb18030", "GBK"]),
    ("zh_tw", &["Big5"]),
];

/// The two forms of each article: the file name's extension and what a pair's name adds
/// for it (`ja/Shift_JIS`, `ja.html/Shift_JIS`).
const FORMS: &[(&str, &str)] = &[("txt", ""), ("html", ".html")];

/// What kind of encoding a pair is in, for the per-kind geometric means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A single-byte or multi-byte legacy encoding.
    Legacy,
    /// UTF-8.
    Utf8,
    /// UTF-16LE.
    Utf16Le,
    /// The limit's own input, en.html (see `limit`).
    Limit,
    /// Not a corpus pair (de.html beside the limit, the stream and hostile inputs).
    Other,
}

/// One article in one encoding.
pub struct Pair {
    /// `ja/Shift_JIS` for the plain text, `ja.html/Shift_JIS` for the page.
    pub name: String,
    /// The encoding's name, as both libraries spell it.
    pub label: &'static str,
    /// What kind of encoding `label` is.
    pub kind: Kind,
    /// The article encoded: the input of the decode benchmarks.
    pub bytes: Vec<u8>,
    /// What decoding `bytes` gives: the article, with what a legacy encoding cannot represent
    /// as the numeric character references its encoder wrote. The input of the encode
    /// benchmarks, so that every character maps.
    pub text: String,
    /// `text` as UTF-16: the input of `encode_from_utf16`.
    pub utf16: Vec<u16>,
}

/// The corpus folder: `$BENCH_CORPUS` if set, else `shared/bench-corpus` beside the nearest
/// folder above this package that has one (`../shared` of the main checkout, and of a worktree
/// further down). The error names the places looked at.
pub fn locate() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("BENCH_CORPUS") {
        let dir = PathBuf::from(dir);
        return if dir.join("wikipedia").is_dir() {
            Ok(dir)
        } else {
            Err(format!("BENCH_CORPUS={} has no wikipedia/", dir.display()))
        };
    }
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    package
        .ancestors()
        .map(|dir| dir.join("shared/bench-corpus"))
        .find(|dir| dir.join("wikipedia").is_dir())
        .ok_or_else(|| {
            format!(
                "no shared/bench-corpus/wikipedia beside {} or any folder above it, and \
                 BENCH_CORPUS is not set",
                package.display()
            )
        })
}

/// Reads one file of the corpus (`wikipedia/{name}`).
pub fn read(dir: &Path, name: &str) -> Vec<u8> {
    let path = dir.join("wikipedia").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every pair: for each form, each language in its legacy encodings, then in UTF-8 and in
/// UTF-16LE. The legacy bytes are encoding_rs's encoding of the article.
pub fn pairs(dir: &Path) -> Vec<Pair> {
    let mut pairs = Vec::new();
    for &(extension, suffix) in FORMS {
        for &(lang, labels) in LANGUAGES {
            let article = String::from_utf8(read(dir, &format!("{lang}.{extension}")))
                .unwrap_or_else(|e| panic!("{lang}.{extension}: {e}"));
            let name = |label: &str| format!("{lang}{suffix}/{label}");
            for &label in labels {
                let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).expect(label);
                let bytes = encoding.encode(&article).0.into_owned();
                let text = encoding.decode_without_bom_handling(&bytes).0.into_owned();
                pairs.push(Pair {
                    name: name(label),
                    label,
                    kind: Kind::Legacy,
                    utf16: text.encode_utf16().collect(),
                    bytes,
                    text,
                });
            }
            let utf16: Vec<u16> = article.encode_utf16().collect();
            pairs.push(Pair {
                name: name("UTF-8"),
                label: "UTF-8",
                kind: Kind::Utf8,
                bytes: article.clone().into_bytes(),
                text: article.clone(),
                utf16: utf16.clone(),
            });
            pairs.push(Pair {
                name: name("UTF-16LE"),
                label: "UTF-16LE",
                kind: Kind::Utf16Le,
                bytes: utf16.iter().flat_map(|unit| unit.to_le_bytes()).collect(),
                text: article,
                utf16,
            });
        }
    }
    pairs
}
