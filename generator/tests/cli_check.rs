//! `encoding-gen check` and the main job (no command), against the bundled data. Expected
//! counts come from the raw files, read here without the library; sizes from the layouts
//! (a u16 per decode cell; a value per encode entry and a pilot byte per bucket of about
//! three keys: phf_generator 0.14's DEFAULT_LAMBDA).

mod common;

use std::collections::BTreeSet;
use std::fs;

use common::*;
use serde_json::Value;

fn check_json() -> Value {
    let o = run(&["check", "--json"]);
    assert_eq!(status(&o), 0, "{}", stderr(&o));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn summary_of_the_bundled_data() {
    let r = check_json();
    assert_eq!(r["format"], "encoding-gen-check/4");
    assert_eq!(r["valid"], true);
    assert_eq!(r["error"], Value::Null);
    // Encodings and label counts, in encodings.json's order.
    let enc: Value =
        serde_json::from_str(&fs::read_to_string(current().join("encodings.json")).unwrap())
            .unwrap();
    let expected: Vec<(String, usize)> = enc
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["encodings"].as_array().unwrap().iter())
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["labels"].as_array().unwrap().len(),
            )
        })
        .collect();
    let got: Vec<(String, usize)> = r["encodings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["labels"].as_u64().unwrap() as usize,
            )
        })
        .collect();
    assert_eq!(got, expected);
    // Indexes with entry counts, Identifier and Date as in the txt files.
    let of = |name: &str| {
        r["encodings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap()["indexes"]
            .clone()
    };
    let sjis = of("Shift_JIS");
    let raw = raw_txt(&current().join("index-jis0208.txt"));
    assert_eq!(
        sjis,
        serde_json::json!([{"index": "jis0208", "entries": raw.entries.len(),
                            "identifier": raw.identifier, "date": raw.date}])
    );
    let euc_jp: Vec<Value> = of("EUC-JP")
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["index"].clone())
        .collect();
    assert_eq!(euc_jp, ["jis0208", "jis0212"]);
    assert_eq!(of("UTF-8"), serde_json::json!([]));
    let ranges = raw_txt(&current().join("index-gb18030-ranges.txt"));
    assert_eq!(of("gb18030")[1]["entries"], ranges.entries.len());
}

#[test]
fn table_sizes() {
    let r = check_json();
    let all = r["tables"].as_array().unwrap();
    let of = |table: &str, configuration: &str, kind: &str| -> Vec<Value> {
        all.iter()
            .filter(|t| {
                t["table"] == table && t["configuration"] == configuration && t["kind"] == kind
            })
            .cloned()
            .collect()
    };
    let bytes = |table: &str, configuration: &str, kind: &str| -> usize {
        let found = of(table, configuration, kind);
        assert_eq!(found.len(), 1, "{table} {configuration} {kind}");
        found[0]["bytes"].as_u64().unwrap() as usize
    };
    // The perfect hash of an encode map of n keys (phf_generator's PtrHash): a pilot byte per
    // bucket (about one per three keys) and a u16 per remapped slot (about 1% of the keys).
    let hash = |t: &Value, n: usize| {
        let (pilots, remap) = (
            t["pilots"].as_u64().unwrap() as usize,
            t["remap"].as_u64().unwrap() as usize,
        );
        assert!(
            pilots >= n / 3 && pilots <= n / 3 + 8,
            "{t}: {pilots} pilots"
        );
        assert!(remap <= n / 50 + 2, "{t}: {remap} remapped slots");
        pilots + 2 * remap
    };

    let json: Value =
        serde_json::from_str(&fs::read_to_string(current().join("indexes.json")).unwrap()).unwrap();
    let two_byte = ["big5", "euc-kr", "gb18030", "jis0208", "jis0212"];
    for index in txt_indexes(&current()) {
        let raw = raw_txt(&current().join(format!("index-{index}.txt")));
        if index == "gb18030-ranges" {
            assert_eq!(bytes(&index, "both", "ranges"), raw.entries.len() * 8);
            continue;
        }
        if !two_byte.contains(&index.as_str()) {
            // A u16 slot per element of the index's array in indexes.json.
            let slots = json[&index].as_array().unwrap().len();
            assert_eq!(bytes(&index, "both", "decode"), slots * 2, "{index}");
            continue;
        }
        // Two-byte: the default configuration stores a cell per pointer up to the last with
        // a code point, and a byte per column with a code point in some row; compact fewer.
        let row = match index.as_str() {
            "big5" => 157,
            "euc-kr" | "gb18030" => 190,
            _ => 94,
        };
        let last = raw.entries.iter().map(|e| e.pointer).max().unwrap() as usize;
        let columns: BTreeSet<usize> = raw
            .entries
            .iter()
            .map(|e| e.pointer as usize % row)
            .collect();
        let default = &of(&index, "default", "decode")[0];
        assert_eq!(default["layout"], "dense");
        assert_eq!(default["len"], last + 1, "{index}");
        assert_eq!(
            bytes(&index, "default", "decode"),
            2 * (last + 1) + columns.len()
        );
        let compact = &of(&index, "compact", "decode")[0];
        assert_eq!(compact["layout"], "banded rows");
        assert!(compact["len"].as_u64() < default["len"].as_u64(), "{index}");
        // Code points beyond the BMP (all in plane 2): a bitset of the cells holding them.
        let astral = raw.entries.iter().any(|e| e.code_point > 0xFFFF);
        for configuration in ["default", "compact"] {
            assert_eq!(
                !of(&index, configuration, "plane2").is_empty(),
                astral,
                "{index}"
            );
        }
    }
    assert_eq!(bytes("big5", "default", "decode"), 19782 * 2 + 157);
    assert_eq!(bytes("windows-1252", "both", "decode"), 256);

    // Encode maps keep values only. Single-byte: a u8 byte per distinct code point.
    let w = raw_txt(&current().join("index-windows-1252.txt"));
    let n = w
        .entries
        .iter()
        .map(|e| e.code_point)
        .collect::<BTreeSet<_>>()
        .len();
    assert_eq!(n, 128);
    let map = &of("windows-1252", "both", "encode")[0];
    assert_eq!(bytes("windows-1252", "both", "encode"), n + hash(map, n));

    // The parts. jis0208: hiragana and katakana, linear, which the default encoders look up
    // before the map (its map then holds every other code point, a u16 each).
    let j = raw_txt(&current().join("index-jis0208.txt"));
    let kana = |lo: u32, hi: u32| {
        j.entries
            .iter()
            .filter(|e| (lo..=hi).contains(&e.code_point))
            .count()
    };
    let (hiragana, katakana) = (kana(0x3041, 0x3093), kana(0x30A1, 0x30F6));
    let parts = of("jis0208", "default", "part");
    let lens: Vec<u64> = parts.iter().map(|p| p["len"].as_u64().unwrap()).collect();
    assert_eq!(lens, [hiragana as u64, katakana as u64]);
    assert!(parts.iter().all(|p| p["layout"] == "linear: jis0208 first"));
    let n = j
        .entries
        .iter()
        .map(|e| e.code_point)
        .collect::<BTreeSet<_>>()
        .len()
        - hiragana
        - katakana;
    let map = &of("jis0208", "default", "encode")[0];
    assert_eq!(map["len"], n);
    assert_eq!(
        bytes("jis0208", "default", "encode"),
        n * 2 + hash(map, n) + 88
    );
    assert!(of("shift_jis", "default", "encode").is_empty());
    assert_eq!(bytes("shift_jis", "both", "remap"), 564 * 2);
    // euc-kr: the Hangul of the Unified Hangul Code extension (all 11,172 syllables but KS X
    // 1001's 2,350) are one ranked part, paired with KS X 1001's on one bitmap; the default
    // encoders look them up after the map, compact computes them.
    let k = raw_txt(&current().join("index-euc-kr.txt"));
    let ks = k
        .entries
        .iter()
        .filter(|e| {
            // KS X 1001: leads and trails from 0xA1 on.
            let (lead, trail) = (e.pointer / 190, e.pointer % 190);
            (0xAC00..=0xD7A3).contains(&e.code_point) && lead >= 0xA1 - 0x81 && trail >= 0xA1 - 0x41
        })
        .count();
    assert_eq!(ks, 2350);
    let extension = &of("euc-kr", "default", "part")
        .into_iter()
        .find(|p| p["layout"].as_str().unwrap().starts_with("ranked"))
        .unwrap();
    assert_eq!(extension["len"], 11172 - ks);
    assert_eq!(extension["layout"], "ranked: euc-kr then");
    let compact: Vec<Value> = of("euc-kr", "compact", "part")
        .into_iter()
        .filter(|p| p["layout"].as_str().unwrap().starts_with("ranked pair"))
        .collect();
    let lens: Vec<u64> = compact.iter().map(|p| p["len"].as_u64().unwrap()).collect();
    assert_eq!(lens, [2350, 11172 - 2350]);
    assert_eq!(compact[1]["layout"], "ranked pair: computed, euc-kr first");
    // gb18030: every code point of the index but U+E5E5, the 18 of the side table apart;
    // GBK's ideographs beyond GB2312's, from U+4E02 on, are a ranked part.
    let g = raw_txt(&current().join("index-gb18030.txt"));
    let mut cps: BTreeSet<u32> = g.entries.iter().map(|e| e.code_point).collect();
    cps.remove(&0xE5E5);
    let computed: u64 = of("gb18030", "default", "part")
        .iter()
        .map(|p| p["len"].as_u64().unwrap())
        .sum();
    let map = &of("gb18030", "default", "encode")[0];
    assert_eq!(map["len"].as_u64().unwrap() + computed, cps.len() as u64);
    assert!(of("gb18030", "default", "part")
        .iter()
        .any(|p| p["layout"] == "ranked: gb18030 then" && p["len"].as_u64().unwrap() > 14000));
    assert_eq!(bytes("gb18030", "both", "side_table"), 18 * 4);
    // big5, compact: the six code points whose index Big5 pointer is their last are the
    // search's exceptions.
    assert_eq!(of("big5", "compact", "exceptions")[0]["len"], 6);

    let total = |configuration: &str| -> u64 {
        all.iter()
            .filter(|t| t["configuration"] == "both" || t["configuration"] == configuration)
            .map(|t| t["bytes"].as_u64().unwrap())
            .sum()
    };
    assert_eq!(r["total_bytes"]["default"], total("default"));
    assert_eq!(r["total_bytes"]["compact"], total("compact"));
    assert!(total("compact") < total("default"));
}

#[test]
fn text_summary() {
    let o = run(&["check"]);
    assert_eq!(status(&o), 0);
    let text = stdout(&o);
    assert!(text.starts_with("indexes: valid: 40 encodings, 228 labels, 34 indexes\n"));
    let raw = raw_txt(&current().join("index-jis0208.txt"));
    let line = format!(
        "Shift_JIS             8  jis0208                   {}  {}  {}\n",
        raw.entries.len(),
        raw.date,
        raw.identifier
    );
    assert!(text.contains(&line), "{text}");
    assert!(text.contains(
        "\nwindows-1252   both    decode        128      256  u16 per slot                             \n"
    ));
    assert!(text.contains("\ntotal: "));
}

#[test]
fn invalid_data_exits_1_with_the_error() {
    let dir = scratch("check-invalid");
    let bad = dir.join("bad");
    copy_dir(&current(), &bad);
    let line = replace_line(&bad.join("index-euc-kr.txt"), "0\t", "  0\t0xZZ");
    let o = run(&["check", path_str(&bad)]);
    assert_eq!(status(&o), 1);
    assert_eq!(stdout(&o), format!("{}: INVALID\n", bad.display()));
    assert!(stderr(&o).contains(&format!(
        "{}:{line}: index euc-kr, pointer 0: code point \"0xZZ\" is not a hexadecimal number",
        bad.join("index-euc-kr.txt").display()
    )));
    let o = run(&["check", "--format", "json", path_str(&bad)]);
    assert_eq!(status(&o), 1);
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["valid"], false);
    assert!(r["error"]
        .as_str()
        .unwrap()
        .contains(&format!(":{line}: index euc-kr")));
}

#[test]
fn main_job_checks_then_audits_and_exits_0() {
    let o = run(&[]);
    assert_eq!(status(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    let check = text.find("indexes: valid: 40 encodings").unwrap();
    let audit = text
        .find("Audit: fixtures/whatwg-2021-02-26 → indexes\n")
        .unwrap();
    assert!(check < audit);
    assert!(text.contains("index gb18030 changed (read by GBK, gb18030):"));
    assert!(text.ends_with("Result: the data changed in substance.\n"));

    // From another directory, the paths are the workspace's.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_encoding-gen"))
        .arg("--json")
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["check"]["valid"], true);
    assert_eq!(r["audit"]["summary"]["changed"], 1);
    assert_eq!(r["audit"]["summary"]["metadata"], 33);
}

#[test]
fn json_and_format_json_agree_and_conflict_with_text() {
    let a = run(&["check", "--json"]);
    let b = run(&["--format", "json", "check"]);
    assert_eq!(a.stdout, b.stdout);
    let c = run(&["check", "--json", "--format", "text"]);
    assert_eq!(status(&c), 2, "a usage error");
}
