//! `encoding-gen diff`: the audit of the GB18030-2022 update, from the 2021 edition's data to
//! the current data. Expectations come from the raw files (read here without the library),
//! from the standard's text (the gb18030 encoder's side table) and from GB18030-2005.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use common::*;
use serde_json::Value;

/// The pointers whose code point differs between two index-*.txt files: pointer -> (old, new).
fn raw_changes(index: &str) -> BTreeMap<u32, (RawEntry, RawEntry)> {
    let file = format!("index-{index}.txt");
    let old = raw_txt(&old_2021().join(&file));
    let new = raw_txt(&current().join(&file));
    let new_by_pointer: BTreeMap<u32, RawEntry> =
        new.entries.into_iter().map(|e| (e.pointer, e)).collect();
    let mut out = BTreeMap::new();
    for e in old.entries {
        let n = new_by_pointer
            .get(&e.pointer)
            .expect("no pointer disappeared")
            .clone();
        if n.code_point != e.code_point {
            out.insert(e.pointer, (e, n));
        }
    }
    out
}

/// The table of gb18030 encoder step 5, read from the current standard's text: code point ->
/// the two bytes the encoder writes, as the text gives them ("U+E78D 0xA6 0xD9").
fn side_table_from_spec() -> BTreeMap<u32, String> {
    let spec = root().join("fixtures/spec/gb18030-encoder.current.zh.txt");
    let text = fs::read_to_string(spec).unwrap();
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if let [cp, b1, b2] = f[..] {
            if let (Some(cp), Some(b1), Some(b2)) = (
                cp.strip_prefix("U+"),
                b1.strip_prefix("0x"),
                b2.strip_prefix("0x"),
            ) {
                out.insert(u32::from_str_radix(cp, 16).unwrap(), format!("{b1} {b2}"));
            }
        }
    }
    assert_eq!(out.len(), 18, "the standard's side table has 18 rows");
    out
}

/// GB18030-2005's four-byte sequences of the characters GB18030-2022 gave two-byte codes
/// (Python's `gb18030` codec, which implements GB18030-2005).
const GB18030_2005_FOUR_BYTE: [(u32, &str); 18] = [
    (0x9FB4, "82 35 90 37"),
    (0x9FB5, "82 35 90 38"),
    (0x9FB6, "82 35 90 39"),
    (0x9FB7, "82 35 91 30"),
    (0x9FB8, "82 35 91 31"),
    (0x9FB9, "82 35 91 32"),
    (0x9FBA, "82 35 91 33"),
    (0x9FBB, "82 35 91 34"),
    (0xFE10, "84 31 82 36"),
    (0xFE11, "84 31 82 37"),
    (0xFE12, "84 31 82 38"),
    (0xFE13, "84 31 82 39"),
    (0xFE14, "84 31 83 30"),
    (0xFE15, "84 31 83 31"),
    (0xFE16, "84 31 83 32"),
    (0xFE17, "84 31 83 33"),
    (0xFE18, "84 31 83 34"),
    (0xFE19, "84 31 83 35"),
];

fn diff_json(old: &Path, new: &Path) -> (i32, Value) {
    let o = run(&["diff", "--json", path_str(old), path_str(new)]);
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    (status(&o), serde_json::from_slice(&o.stdout).unwrap())
}

fn u(s: &Value) -> u32 {
    u32::from_str_radix(s.as_str().unwrap().trim_start_matches("U+"), 16).unwrap()
}

#[test]
fn only_gb18030_changed_in_substance_json() {
    // The command of the issue, from the workspace root, with relative paths.
    let o = run(&["diff", "--json", "fixtures/whatwg-2021-02-26", "indexes"]);
    assert_eq!(status(&o), 1, "changes found: exit status 1 as diff(1)");
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["format"], "encoding-gen-diff/1");
    assert_eq!(r["changed"], true);
    assert_eq!(r["substance_changed"], true);
    let e = &r["encodings"];
    for k in [
        "added",
        "removed",
        "labels_added",
        "labels_removed",
        "labels_moved",
    ] {
        assert_eq!(
            e[k],
            Value::Array(vec![]),
            "{k}: encodings.json is the same"
        );
    }

    // Every index of the data, with its status.
    let txts = txt_indexes(&current());
    assert_eq!(txts.len(), 34);
    let indexes = r["indexes"].as_array().unwrap();
    let listed: Vec<&str> = indexes
        .iter()
        .map(|i| i["index"].as_str().unwrap())
        .collect();
    assert_eq!(listed, txts);
    for i in indexes {
        let name = i["index"].as_str().unwrap();
        let file = format!("index-{name}.txt");
        let (old, new) = (
            raw_txt(&old_2021().join(&file)),
            raw_txt(&current().join(&file)),
        );
        assert_eq!(i["old_meta"]["date"], old.date.as_str(), "{name}");
        assert_eq!(i["new_meta"]["date"], new.date.as_str(), "{name}");
        assert_eq!(i["old_meta"]["identifier"], old.identifier.as_str());
        assert_eq!(i["new_meta"]["identifier"], new.identifier.as_str());
        assert_ne!(old.date, new.date, "every index changed its Date");
        if name == "gb18030" {
            assert_eq!(i["status"], "changed");
            continue;
        }
        assert_eq!(i["status"], "metadata", "{name}: Date alone");
        assert_eq!(old.identifier, new.identifier);
        assert_eq!(i["pointers"], Value::Array(vec![]));
        assert_eq!(i["encoder"], Value::Array(vec![]));
        assert_eq!(i["old_entries"], old.entries.len());
    }
    assert_eq!(
        r["summary"],
        serde_json::json!({"unchanged": 0, "metadata": 33, "changed": 1, "added": 0, "removed": 0})
    );

    // gb18030: the 18 pointers that differ between the two files.
    let g = indexes.iter().find(|i| i["index"] == "gb18030").unwrap();
    let raw = raw_changes("gb18030");
    assert_eq!(raw.len(), 18);
    assert_eq!(g["encodings"], serde_json::json!(["GBK", "gb18030"]));
    assert_eq!(
        (&g["added"], &g["removed"], &g["remapped"]),
        (&Value::from(0), &Value::from(0), &Value::from(18))
    );
    let side = side_table_from_spec();
    let pointers = g["pointers"].as_array().unwrap();
    assert_eq!(pointers.len(), 18);
    for p in pointers {
        let pointer = p["pointer"].as_u64().unwrap() as u32;
        let (old, new) = &raw[&pointer];
        assert_eq!(p["change"], "remapped");
        assert_eq!(u(&p["old"]["code_point"]), old.code_point);
        assert_eq!(u(&p["new"]["code_point"]), new.code_point);
        assert_eq!(p["old"]["name"], old.name.as_deref().unwrap());
        assert_eq!(p["new"]["name"], new.name.as_deref().unwrap());
        assert_eq!(
            p["new"]["char"],
            char::from_u32(new.code_point).unwrap().to_string()
        );
        // The bytes: the old code point is the Private Use one the standard's side table still
        // encodes, to the very bytes that now decode to the new character.
        let bytes = side[&old.code_point].replace("0x", "");
        assert_eq!(
            p["bytes"],
            serde_json::json!([
                {"encoding": "GBK", "bytes": bytes, "note": null},
                {"encoding": "gb18030", "bytes": bytes, "note": null}
            ])
        );
    }

    // The encoder: the 18 new characters enter the two-byte table at their pointers; in
    // gb18030 they were GB18030-2005's four-byte sequences, in GBK errors. The Private Use
    // code points keep encoding to the same bytes (the side table), so they are not listed.
    let enc = g["encoder"].as_array().unwrap();
    assert_eq!(enc.len(), 1);
    assert_eq!(enc[0]["table"], "gb18030");
    assert_eq!(
        (&enc[0]["added"], &enc[0]["removed"], &enc[0]["remapped"]),
        (&Value::from(18), &Value::from(0), &Value::from(0))
    );
    let new_pointer: BTreeMap<u32, u32> = raw
        .values()
        .map(|(_, n)| (n.code_point, n.pointer))
        .collect();
    let old_of_new: BTreeMap<u32, u32> = raw
        .values()
        .map(|(o, n)| (n.code_point, o.code_point))
        .collect();
    let cps = enc[0]["code_points"].as_array().unwrap();
    let listed: Vec<u32> = cps
        .iter()
        .map(|c| u(&c["code_point"]["code_point"]))
        .collect();
    let expected: Vec<u32> = GB18030_2005_FOUR_BYTE.iter().map(|x| x.0).collect();
    assert_eq!(listed, expected);
    for (c, (cp, four)) in cps.iter().zip(GB18030_2005_FOUR_BYTE) {
        let two = side[&old_of_new[&cp]].replace("0x", "");
        assert_eq!(c["change"], "added");
        assert_eq!(c["old_value"], Value::Null);
        assert_eq!(c["new_value"], new_pointer[&cp]);
        assert_eq!(
            c["encoded"],
            serde_json::json!([
                {"encoding": "GBK", "old": null, "new": two},
                {"encoding": "gb18030", "old": four, "new": two}
            ])
        );
    }
}

#[test]
fn only_gb18030_changed_in_substance_text() {
    let o = run(&["diff", "fixtures/whatwg-2021-02-26", "indexes"]);
    assert_eq!(status(&o), 1);
    let text = stdout(&o);
    assert!(text.starts_with("Audit: fixtures/whatwg-2021-02-26 → indexes\n"));
    assert!(text.contains("Encodings and labels: unchanged\n"));
    assert!(
        text.contains("Indexes: 1 changed, 33 metadata only, 0 unchanged, 0 added, 0 removed\n")
    );
    for name in txt_indexes(&current()) {
        let line = format!("  {name:<22} metadata only: Date 2018-01-06 → 2024-09-18\n");
        assert_eq!(text.contains(&line), name != "gb18030", "{name}");
    }
    assert!(text.contains("index gb18030 changed (read by GBK, gb18030):\n"));
    assert!(text.contains("23940 → 23940 entries: 0 added, 0 removed, 18 remapped\n"));
    // One line per pointer, with its bytes and both characters with their names.
    let raw = raw_changes("gb18030");
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("  pointer ")).collect();
    assert_eq!(lines.len(), 18);
    assert_eq!(
        lines[0],
        "  pointer    7182 remapped GBK, gb18030: A6 D9  U+E78D \u{E78D} (<Private Use>) → U+FE10 \u{FE10} (PRESENTATION FORM FOR VERTICAL COMMA)"
    );
    for (line, (p, (old, new))) in lines.iter().zip(&raw) {
        assert!(line.contains(&format!("pointer {p:>7} remapped")), "{line}");
        assert!(line.contains(&format!("U+{:04X}", old.code_point)));
        assert!(line.contains(&format!(
            "U+{:04X} {} ({})",
            new.code_point,
            char::from_u32(new.code_point).unwrap(),
            new.name.as_deref().unwrap()
        )));
    }
    assert!(text.contains(
        "  encoder table gb18030 (used by GBK, gb18030): 18 code points added, 0 removed, 0 remapped\n"
    ));
    assert!(text.contains(
        "    U+9FB4 \u{9FB4} (<CJK Ideograph>): enters the table at pointer 23775; GBK error → FE 59; gb18030 82 35 90 37 → FE 59\n"
    ));
    assert!(text.ends_with("Result: the data changed in substance.\n"));
}

#[test]
fn same_data_is_no_change() {
    let (code, r) = diff_json(&current(), &current());
    assert_eq!(code, 0);
    assert_eq!(r["changed"], false);
    assert_eq!(r["summary"]["unchanged"], 34);
    let o = run(&["diff", "indexes", "indexes"]);
    assert_eq!(status(&o), 0);
    assert!(stdout(&o).ends_with("Result: no change.\n"));
}

#[test]
fn metadata_only_is_a_change_but_not_in_substance() {
    // The 2021 data with only gb18030 taken from the current edition: what is left differs
    // from the current data by Date headers alone.
    let dir = scratch("diff-metadata");
    let mixed = dir.join("mixed");
    copy_dir(&old_2021(), &mixed);
    for f in ["index-gb18030.txt", "indexes.json"] {
        fs::copy(current().join(f), mixed.join(f)).unwrap();
    }
    let (code, r) = diff_json(&mixed, &current());
    assert_eq!(code, 1);
    assert_eq!(r["changed"], true);
    assert_eq!(r["substance_changed"], false);
    assert_eq!(r["summary"]["metadata"], 33);
    assert_eq!(r["summary"]["unchanged"], 1);
    let o = run(&["diff", path_str(&mixed), "indexes"]);
    assert!(stdout(&o).ends_with(
        "Result: only Identifier or Date headers changed; the data is identical in substance.\n"
    ));
}

#[test]
fn label_changes() {
    let dir = scratch("diff-labels");
    let new = dir.join("new");
    copy_dir(&current(), &new);
    edit_json(&new.join("encodings.json"), |v| {
        for group in v.as_array_mut().unwrap() {
            for e in group["encodings"].as_array_mut().unwrap() {
                let name = e["name"].as_str().unwrap().to_string();
                let labels = e["labels"].as_array_mut().unwrap();
                match name.as_str() {
                    // "sjis" moves from Shift_JIS to EUC-JP; "latin1" is dropped; a new label
                    // appears on UTF-8.
                    "Shift_JIS" => labels.retain(|l| l != "sjis"),
                    "EUC-JP" => labels.push("sjis".into()),
                    "windows-1252" => labels.retain(|l| l != "latin1"),
                    "UTF-8" => labels.push("utf-8-new".into()),
                    _ => {}
                }
            }
        }
    });
    let (code, r) = diff_json(&current(), &new);
    assert_eq!(code, 1);
    assert_eq!(r["substance_changed"], true);
    assert_eq!(
        r["encodings"],
        serde_json::json!({
            "added": [], "removed": [],
            "labels_added": [{"label": "utf-8-new", "encoding": "UTF-8"}],
            "labels_removed": [{"label": "latin1", "encoding": "windows-1252"}],
            "labels_moved": [{"label": "sjis", "from": "Shift_JIS", "to": "EUC-JP"}]
        })
    );
    let text = stdout(&run(&["diff", "indexes", path_str(&new)]));
    assert!(text.contains("  label moved: \"sjis\" Shift_JIS → EUC-JP\n"));
}

#[test]
fn single_byte_and_jis0208_changes_show_every_encoding() {
    // windows-1252 0x80 (pointer 0) U+20AC becomes U+20AD; jis0208 pointer 0 (U+3000) is
    // removed. Bytes worked from the decoders: single-byte pointer + 0x80; EUC-JP A1 A1,
    // ISO-2022-JP ESC $ B 21 21, Shift_JIS 81 40.
    let dir = scratch("diff-sb");
    let new = dir.join("new");
    copy_dir(&current(), &new);
    replace_line(
        &new.join("index-windows-1252.txt"),
        "0\t0x20AC",
        "  0\t0x20AD\t\u{20AD} (KIP SIGN)",
    );
    let jis = new.join("index-jis0208.txt");
    let text = fs::read_to_string(&jis).unwrap();
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("0\t0x3000"))
        .collect();
    fs::write(&jis, kept.join("\n") + "\n").unwrap();
    edit_json(&new.join("indexes.json"), |v| {
        v["windows-1252"][0] = 0x20AD.into();
        v["jis0208"][0] = Value::Null;
    });
    let (code, r) = diff_json(&current(), &new);
    assert_eq!(code, 1);
    let idx = |name: &str| {
        r["indexes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["index"] == name)
            .unwrap()
            .clone()
    };
    let w = idx("windows-1252");
    assert_eq!(w["status"], "changed");
    assert_eq!(w["pointers"][0]["bytes"][0]["bytes"], "80");
    assert_eq!(w["pointers"][0]["old"]["name"], "EURO SIGN");
    assert_eq!(w["pointers"][0]["new"]["name"], "KIP SIGN");
    let wt = &w["encoder"][0];
    assert_eq!(wt["table"], "windows-1252");
    let cps: Vec<(String, Value, Value)> = wt["code_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["code_point"]["code_point"].as_str().unwrap().to_string(),
                c["encoded"][0]["old"].clone(),
                c["encoded"][0]["new"].clone(),
            )
        })
        .collect();
    assert_eq!(
        cps,
        [
            ("U+20AC".to_string(), Value::from("80"), Value::Null),
            ("U+20AD".to_string(), Value::Null, Value::from("80")),
        ]
    );
    let j = idx("jis0208");
    assert_eq!(j["removed"], 1);
    assert_eq!(
        j["pointers"][0]["bytes"],
        serde_json::json!([
            {"encoding": "EUC-JP", "bytes": "A1 A1", "note": null},
            {"encoding": "ISO-2022-JP", "bytes": "1B 24 42 21 21", "note": null},
            {"encoding": "Shift_JIS", "bytes": "81 40", "note": null}
        ])
    );
    let tables: Vec<&Value> = j["encoder"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| &t["table"])
        .collect();
    assert_eq!(tables, ["jis0208", "shift_jis"]);
    // U+3000 no longer encodes in any of them.
    for t in j["encoder"].as_array().unwrap() {
        let c = &t["code_points"][0];
        assert_eq!(c["code_point"]["code_point"], "U+3000");
        assert_eq!(c["change"], "removed");
        assert!(c["encoded"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["new"].is_null()));
    }
}

#[test]
fn invalid_side_is_exit_2_with_the_error() {
    let dir = scratch("diff-invalid");
    let bad = dir.join("bad");
    copy_dir(&current(), &bad);
    let line = replace_line(&bad.join("index-big5.txt"), "5495\t", "5495\t0xD800");
    let o = run(&["diff", "indexes", path_str(&bad)]);
    assert_eq!(status(&o), 2);
    assert!(o.stdout.is_empty());
    let expected = format!(
        "{}:{line}: index big5, pointer 5495: code point U+D800 is not a Unicode scalar value",
        bad.join("index-big5.txt").display()
    );
    assert!(stderr(&o).contains(&expected), "{}", stderr(&o));
    let o = run(&["diff", path_str(&dir.join("missing")), "indexes"]);
    assert_eq!(status(&o), 2);
    assert!(stderr(&o).contains("missing/encodings.json: cannot read"));
}

#[test]
fn broken_pipe_is_success() {
    // An audit far longer than a pipe's buffer: every pointer of euc-kr from 10000 on removed
    // (the new side has indexes.json alone).
    let dir = scratch("diff-pipe");
    let new = dir.join("new");
    fs::create_dir_all(&new).unwrap();
    fs::copy(current().join("encodings.json"), new.join("encodings.json")).unwrap();
    fs::copy(current().join("indexes.json"), new.join("indexes.json")).unwrap();
    edit_json(&new.join("indexes.json"), |v| {
        v["euc-kr"].as_array_mut().unwrap().truncate(10000);
    });
    let full = run(&["diff", "indexes", path_str(&new)]);
    assert_eq!(status(&full), 1);
    assert!(full.stdout.len() > 1 << 20, "{}", full.stdout.len());

    let mut child = Command::new(env!("CARGO_BIN_EXE_encoding-gen"))
        .args(["diff", "indexes", path_str(&new)])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 6];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    assert_eq!(&first, b"Audit:");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
