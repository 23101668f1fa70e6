//! `encoding-gen check` and the main job (no command), against the bundled data. Expected
//! counts come from the raw files, read here without the library; sizes from the layouts the
//! issue gives (u16/u32 per decode slot; key + value per encode entry plus 8 bytes per
//! displacement pair, of which phf_generator 0.14 makes one per 3 keys: its DEFAULT_LAMBDA).

mod common;

use std::collections::{BTreeMap, BTreeSet};
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
    assert_eq!(r["format"], "encoding-gen-check/3");
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
    let tables: BTreeMap<(String, String), Value> = r["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                (
                    t["table"].as_str().unwrap().to_string(),
                    t["kind"].as_str().unwrap().to_string(),
                ),
                t.clone(),
            )
        })
        .collect();
    let bytes = |table: &str, kind: &str| {
        tables[&(table.to_string(), kind.to_string())]["bytes"]
            .as_u64()
            .unwrap() as usize
    };
    // The perfect hash of an encode map of n keys (phf_generator's PtrHash): a pilot byte per
    // bucket (about one per three keys) and a u16 per remapped slot (about 1% of the keys).
    let hash = |table: &str, n: usize| {
        let t = &tables[&(table.to_string(), "encode".to_string())];
        let (pilots, remap) = (
            t["pilots"].as_u64().unwrap() as usize,
            t["remap"].as_u64().unwrap() as usize,
        );
        assert!(
            pilots >= n / 3 && pilots <= n / 3 + 8,
            "{table}: {pilots} pilots"
        );
        assert!(remap <= n / 50 + 2, "{table}: {remap} remapped slots");
        pilots + 2 * remap
    };

    // Decode arrays: one u16 slot per element of the index's array in indexes.json (the
    // standard pads them to every pointer the decoders can compute).
    let json: Value =
        serde_json::from_str(&fs::read_to_string(current().join("indexes.json")).unwrap()).unwrap();
    for index in txt_indexes(&current()) {
        let raw = raw_txt(&current().join(format!("index-{index}.txt")));
        let slots = json[&index].as_array().unwrap().len();
        if index == "gb18030-ranges" {
            assert_eq!(bytes(&index, "ranges"), raw.entries.len() * 8);
            continue;
        }
        assert_eq!(bytes(&index, "decode"), slots * 2, "{index}");
        // Code points beyond the BMP (all in plane 2): a bitset of their pointers.
        let astral = raw.entries.iter().any(|e| e.code_point > 0xFFFF);
        assert_eq!(
            tables.contains_key(&(index.clone(), "plane2".to_string())),
            astral,
            "{index}"
        );
        if astral {
            assert_eq!(bytes(&index, "plane2"), slots.div_ceil(32) * 4, "{index}");
        }
    }
    // big5 has (0xFE - 0x81) * 157 + (0xFE - 0x62) + 1 slots.
    assert_eq!(bytes("big5", "decode"), 19782 * 2);
    assert_eq!(bytes("windows-1252", "decode"), 256);

    // Encode maps keep values only. Single-byte: a u8 byte per distinct code point.
    let w = raw_txt(&current().join("index-windows-1252.txt"));
    let n = w
        .entries
        .iter()
        .map(|e| e.code_point)
        .collect::<BTreeSet<_>>()
        .len();
    assert_eq!(n, 128);
    assert_eq!(bytes("windows-1252", "encode"), n + hash("windows-1252", n));
    // jis0208 (index pointer: first pointer of each code point): a u16 pointer; Shift_JIS
    // shares it, with a remap of pointers 8272 to 8835.
    let j = raw_txt(&current().join("index-jis0208.txt"));
    let n = j
        .entries
        .iter()
        .map(|e| e.code_point)
        .collect::<BTreeSet<_>>()
        .len();
    assert_eq!(bytes("jis0208", "encode"), n * 2 + hash("jis0208", n));
    assert!(!tables.contains_key(&("shift_jis".to_string(), "encode".to_string())));
    assert_eq!(bytes("shift_jis", "remap"), 564 * 2);
    // The Japanese encoders compute the pointers of the two kana runs (hiragana, katakana).
    assert_eq!(bytes("jis0208", "runs"), 2 * 6);
    // gb18030: every code point of the index but U+E5E5; the 18 of the side table apart.
    let g = raw_txt(&current().join("index-gb18030.txt"));
    let mut cps: BTreeSet<u32> = g.entries.iter().map(|e| e.code_point).collect();
    cps.remove(&0xE5E5);
    let n = cps.len();
    assert_eq!(bytes("gb18030", "encode"), n * 2 + hash("gb18030", n));
    assert_eq!(bytes("gb18030", "side_table"), 18 * 4);
    // big5 keys go beyond the BMP, but only values are kept: a u16 pointer.
    let t = &tables[&("big5".to_string(), "encode".to_string())];
    assert_eq!(t["element_bytes"], 2);

    let total: u64 = tables.values().map(|t| t["bytes"].as_u64().unwrap()).sum();
    assert_eq!(r["total_bytes"], total);
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
    assert!(
        text.contains("\nwindows-1252         decode     128  u16 per slot               256\n")
    );
    assert!(text.contains("\ntotal "));
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
