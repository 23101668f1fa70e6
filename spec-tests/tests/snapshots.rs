//! One insta snapshot per index, per rule-derived encoder, and of the labels, each computed
//! by exercising the runtime crate (decoding every byte sequence of the index, encoding every
//! scalar value), not by re-reading the data files: the snapshots show what users get.
//!
//! After a data update, `cargo insta review` shows exactly which mappings changed.

use spec_tests::ours;
use spec_tests::render::{self, gb18030_four_bytes, hex, show};
use std::fmt::Write;

fn single_byte(index: &str, encoding: &str) -> String {
    render::index_by_pointer(index, ours(encoding), 0..128, |p| vec![p as u8 + 0x80])
}

macro_rules! single_byte_snapshots {
    ($($test:ident: $index:literal by $encoding:literal,)*) => {$(
        #[test]
        fn $test() {
            insta::assert_snapshot!(concat!("index-", $index), single_byte($index, $encoding));
        }
    )*};
}

single_byte_snapshots! {
    index_ibm866: "ibm866" by "IBM866",
    index_iso_8859_2: "iso-8859-2" by "ISO-8859-2",
    index_iso_8859_3: "iso-8859-3" by "ISO-8859-3",
    index_iso_8859_4: "iso-8859-4" by "ISO-8859-4",
    index_iso_8859_5: "iso-8859-5" by "ISO-8859-5",
    index_iso_8859_6: "iso-8859-6" by "ISO-8859-6",
    index_iso_8859_7: "iso-8859-7" by "ISO-8859-7",
    index_iso_8859_8: "iso-8859-8" by "ISO-8859-8",
    index_iso_8859_10: "iso-8859-10" by "ISO-8859-10",
    index_iso_8859_13: "iso-8859-13" by "ISO-8859-13",
    index_iso_8859_14: "iso-8859-14" by "ISO-8859-14",
    index_iso_8859_15: "iso-8859-15" by "ISO-8859-15",
    index_iso_8859_16: "iso-8859-16" by "ISO-8859-16",
    index_koi8_r: "koi8-r" by "KOI8-R",
    index_koi8_u: "koi8-u" by "KOI8-U",
    index_macintosh: "macintosh" by "macintosh",
    index_windows_874: "windows-874" by "windows-874",
    index_windows_1250: "windows-1250" by "windows-1250",
    index_windows_1251: "windows-1251" by "windows-1251",
    index_windows_1252: "windows-1252" by "windows-1252",
    index_windows_1253: "windows-1253" by "windows-1253",
    index_windows_1254: "windows-1254" by "windows-1254",
    index_windows_1255: "windows-1255" by "windows-1255",
    index_windows_1256: "windows-1256" by "windows-1256",
    index_windows_1257: "windows-1257" by "windows-1257",
    index_windows_1258: "windows-1258" by "windows-1258",
    index_x_mac_cyrillic: "x-mac-cyrillic" by "x-mac-cyrillic",
}

/// ISO-8859-8-I decodes through index iso-8859-8: the two must agree byte for byte.
#[test]
fn iso_8859_8_i_shares_iso_8859_8() {
    let mappings = |encoding| {
        let text = single_byte("iso-8859-8", encoding);
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(mappings("ISO-8859-8-I"), mappings("ISO-8859-8"));
    assert_eq!(mappings("ISO-8859-8").len(), 92);
}

/// Every label, and the encoding `Encoding::lookup` gives for it.
#[test]
fn labels() {
    let mut out = String::from("# label\tencoding\n");
    for (label, _) in whatwg_encoding::data::labels() {
        let name = match whatwg_encoding::Encoding::lookup(label.as_bytes()) {
            Ok(e) => e.name(),
            Err(whatwg_encoding::LabelError::NotCompiledIn { name }) => name,
            Err(whatwg_encoding::LabelError::Unknown) => "(unknown)",
        };
        writeln!(out, "{label}\t{name}").unwrap();
    }
    insta::assert_snapshot!("labels", out);
}

/// Index Big5 through the Big5 decoder (section 11.1.1): lead = pointer / 157 + 0x81.
#[test]
fn index_big5() {
    let s = render::index_by_pointer("big5", ours("Big5"), 0..19782, |p| {
        let trail = p % 157;
        let offset = if trail < 0x3F { 0x40 } else { 0x62 };
        vec![(p / 157 + 0x81) as u8, (trail + offset) as u8]
    });
    insta::assert_snapshot!("index-big5", s);
}

/// Index EUC-KR through the EUC-KR decoder (section 13.1.1).
#[test]
fn index_euc_kr() {
    let s = render::index_by_pointer("euc-kr", ours("EUC-KR"), 0..23940, |p| {
        vec![(p / 190 + 0x81) as u8, (p % 190 + 0x41) as u8]
    });
    insta::assert_snapshot!("index-euc-kr", s);
}

/// Index gb18030 through the gb18030 decoder's two-byte sequences (section 10.2.1).
#[test]
fn index_gb18030() {
    let s = render::index_by_pointer("gb18030", ours("gb18030"), 0..23940, |p| {
        let trail = p % 190;
        let offset = if trail < 0x3F { 0x40 } else { 0x41 };
        vec![(p / 190 + 0x81) as u8, (trail + offset) as u8]
    });
    insta::assert_snapshot!("index-gb18030", s);
}

/// Index gb18030 ranges through the gb18030 decoder's four-byte sequences: every valid
/// pointer is decoded, and runs of consecutive pointers with consecutive code points are
/// folded into one line per range.
#[test]
fn index_gb18030_ranges() {
    let mut out = render::header("gb18030-ranges");
    out.push_str("# first pointer..last pointer\tbytes in gb18030\tcode points\n");
    let gb = ours("gb18030");
    let mut run: Option<(u32, u32, u32, u32)> = None; // pointers and code points
    let flush = |out: &mut String, run: &mut Option<(u32, u32, u32, u32)>| {
        if let Some((p0, p1, c0, c1)) = run.take() {
            writeln!(
                out,
                "{p0}..{p1}\t{}..{}\tU+{c0:04X}..U+{c1:04X}",
                hex(&gb18030_four_bytes(p0)),
                hex(&gb18030_four_bytes(p1))
            )
            .unwrap();
        }
    };
    for p in (0..=39419u32).chain(189000..=1237575) {
        let decoded = render::decode_exact(gb, &gb18030_four_bytes(p));
        let c = match decoded.as_deref().map(|t| t.chars().collect::<Vec<_>>()) {
            Some(v) if v.len() == 1 => v[0] as u32,
            _ => {
                flush(&mut out, &mut run);
                continue;
            }
        };
        match &mut run {
            Some((_, p1, _, c1)) if *p1 + 1 == p && *c1 + 1 == c => {
                *p1 = p;
                *c1 = c;
            }
            _ => {
                flush(&mut out, &mut run);
                run = Some((p, p, c, c));
            }
        }
    }
    flush(&mut out, &mut run);
    insta::assert_snapshot!("index-gb18030-ranges", out);
}

/// Index jis0208 through the Shift_JIS decoder (section 12.3.1), which reaches every pointer;
/// pointers 8836 to 10715 are left out: the decoder maps them to the Private Use Area by
/// arithmetic, not through the index.
#[test]
fn index_jis0208() {
    let s = render::index_by_pointer(
        "jis0208",
        ours("Shift_JIS"),
        (0..8836).chain(10716..11280),
        |p| {
            let lead = p / 188;
            let lead_offset = if lead < 0x1F { 0x81 } else { 0xC1 };
            let trail = p % 188;
            let offset = if trail < 0x3F { 0x40 } else { 0x41 };
            vec![(lead + lead_offset) as u8, (trail + offset) as u8]
        },
    );
    insta::assert_snapshot!("index-jis0208", s);
}

/// Index jis0212 through EUC-JP's three-byte sequences (section 12.1.1).
#[test]
fn index_jis0212() {
    let s = render::index_by_pointer("jis0212", ours("EUC-JP"), 0..8836, |p| {
        vec![0x8F, (p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8]
    });
    insta::assert_snapshot!("index-jis0212", s);
}

/// Index ISO-2022-JP katakana through the ISO-2022-JP encoder (section 12.2.2): each
/// half-width katakana encodes as its full-width counterpart, which decodes back.
#[test]
fn index_iso_2022_jp_katakana() {
    let mut out = render::header("iso-2022-jp-katakana");
    out.push_str("# pointer\thalf-width\tbytes in ISO-2022-JP\tdecoded\n");
    let enc = ours("ISO-2022-JP");
    for p in 0..63u32 {
        let half = char::from_u32(0xFF61 + p).unwrap().to_string();
        let Ok(bytes) = spec_tests::encode_fatal(enc, &half) else {
            continue;
        };
        let back = render::decode_exact(enc, &bytes).unwrap_or_default();
        writeln!(
            out,
            "{p}\t{}\t{}\t{}",
            show(&half),
            hex(&bytes),
            show(&back)
        )
        .unwrap();
    }
    insta::assert_snapshot!("index-iso-2022-jp-katakana", out);
}

macro_rules! encoder_snapshots {
    ($($test:ident: $encoding:literal,)*) => {$(
        #[test]
        fn $test() {
            insta::assert_snapshot!(concat!("encoder-", $encoding), render::encoder(ours($encoding)));
        }
    )*};
}

encoder_snapshots! {
    encoder_shift_jis: "Shift_JIS",
    encoder_euc_jp: "EUC-JP",
    encoder_iso_2022_jp: "ISO-2022-JP",
    encoder_big5: "Big5",
    encoder_euc_kr: "EUC-KR",
    encoder_gb18030: "gb18030",
    encoder_gbk: "GBK",
}
