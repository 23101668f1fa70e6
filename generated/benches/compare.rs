//! Decode and encode throughput, ours against encoding_rs, in one process, on the Wikipedia
//! "Mars" articles of `../shared/bench-corpus` (the inputs encoding_rs's own benchmarks use).
//!
//! Run: `cargo bench -p whatwg-encoding --bench compare`, then
//! `python3 generated/benches/ratios.py` prints ours/encoding_rs time ratios (below 1.0 means
//! we are faster).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// (corpus file, encoding label) pairs: each language in its legacy encodings and in UTF-8.
const CASES: &[(&str, &str)] = &[
    ("ar", "windows-1256"),
    ("cs", "windows-1250"),
    ("de", "windows-1252"),
    ("el", "windows-1253"),
    ("en", "windows-1252"),
    ("fr", "windows-1252"),
    ("he", "windows-1255"),
    ("ja", "Shift_JIS"),
    ("ja", "EUC-JP"),
    ("ja", "ISO-2022-JP"),
    ("ko", "EUC-KR"),
    ("pt", "windows-1252"),
    ("ru", "windows-1251"),
    ("ru", "KOI8-R"),
    ("th", "windows-874"),
    ("tr", "windows-1254"),
    ("vi", "windows-1258"),
    ("zh_cn", "gb18030"),
    ("zh_cn", "GBK"),
    ("zh_tw", "Big5"),
    ("de", "UTF-8"),
    ("ja", "UTF-8"),
];

fn corpus(lang: &str) -> String {
    let path = format!(
        "{}/../../shared/bench-corpus/wikipedia/{lang}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn bench(c: &mut Criterion) {
    for &(lang, label) in CASES {
        let text = corpus(lang);
        let ours = whatwg_encoding::Encoding::for_label(label.as_bytes()).expect("label");
        let theirs = encoding_rs::Encoding::for_label(label.as_bytes()).expect("label");
        let (bytes, _, _) = theirs.encode(&text);
        let bytes = bytes.into_owned();

        let mut group = c.benchmark_group(format!("decode/{lang}/{label}"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter("ours"), &bytes, |b, bytes| {
            b.iter(|| black_box(ours.decode_without_bom_handling(black_box(bytes))))
        });
        group.bench_with_input(
            BenchmarkId::from_parameter("encoding_rs"),
            &bytes,
            |b, bytes| b.iter(|| black_box(theirs.decode_without_bom_handling(black_box(bytes)))),
        );
        group.finish();

        let mut group = c.benchmark_group(format!("encode/{lang}/{label}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter("ours"), &text, |b, text| {
            b.iter(|| black_box(ours.encode(black_box(text))))
        });
        group.bench_with_input(
            BenchmarkId::from_parameter("encoding_rs"),
            &text,
            |b, text| b.iter(|| black_box(theirs.encode(black_box(text)))),
        );
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    targets = bench
}
criterion_main!(benches);
