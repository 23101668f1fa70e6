//! The audit of a data update: what changed between two data sets, in the terms a reviewer
//! needs (the bytes that decode differently, the characters involved, the code points that
//! encode differently), as plain serialisable data. `encoding-gen diff` renders it as text or
//! prints it as JSON.
//!
//! Both data sets are loaded and valid: an audit of data the build would reject means little.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::derive::{self, EncodeTable};
use crate::error::DataError;
use crate::model::{CharNames, DataSet, Index, IndexData, IndexMeta, Pointer};
use crate::spec::{self, Family};

/// The value of [`DiffReport::format`]; it changes when the JSON document changes shape.
pub const FORMAT: &str = "encoding-gen-diff/1";

/// What changed between two data sets (`encoding-gen diff OLD NEW`).
///
/// Serialised as JSON (`--json`), the document is:
///
/// ```text
/// {
///   "format": "encoding-gen-diff/1",
///   "old": "<dir>", "new": "<dir>",
///   "changed": bool,            // anything differs, even a Date alone (exit status 1)
///   "substance_changed": bool,  // an entry, an index, an encoding or a label differs
///   "summary": {"unchanged": n, "metadata": n, "changed": n, "added": n, "removed": n},
///   "encodings": {
///     "added": ["<encoding>"], "removed": ["<encoding>"],
///     "labels_added":   [{"label": "..", "encoding": ".."}],
///     "labels_removed": [{"label": "..", "encoding": ".."}],
///     "labels_moved":   [{"label": "..", "from": "<encoding>", "to": "<encoding>"}]
///   },
///   "indexes": [{                       // every index of either side, by name
///     "index": "gb18030",
///     "status": "unchanged" | "metadata" | "changed" | "added" | "removed",
///     "encodings": ["GBK", "gb18030"],  // the encodings that read the index
///     "old_meta": {"identifier": str|null, "date": str|null} | null,  // null: no such index
///     "new_meta": {"identifier": str|null, "date": str|null} | null,
///     "old_entries": n, "new_entries": n,
///     "added": n, "removed": n, "remapped": n,
///     "pointers": [{                    // in pointer order; for gb18030-ranges, range starts
///       "pointer": 7182,
///       "change": "added" | "removed" | "remapped",
///       "bytes": [{"encoding": "GBK", "bytes": "A6 D9" | null, "note": str|null}],
///       "old": CodePoint | null,
///       "new": CodePoint | null
///     }],
///     "encoder": [{                     // one per encoder table derived from the index
///       "table": "gb18030", "rule": "..", "encodings": ["GBK", "gb18030"],
///       "added": n, "removed": n, "remapped": n,
///       "code_points": [{               // in code point order
///         "code_point": CodePoint,
///         "change": "added" | "removed" | "remapped",   // in the table, not in the output
///         "old_value": n | null, "new_value": n | null, // pointer (or byte, single-byte)
///         "encoded": [{"encoding": "gb18030", "old": "84 31 82 36" | null, "new": "A6 D9" | null}]
///       }]
///     }]
///   }]
/// }
/// CodePoint = {"code_point": "U+FE10", "char": "︐", "name": str|null}
/// ```
///
/// Byte sequences are upper-case hex pairs separated by spaces; null bytes mean the encoding
/// has no byte sequence for that pointer (`note` says why), and null in `encoded` means the
/// encoder returns error for the code point. Names come from the `index-*.txt` files (null
/// where neither side has one). `status` is `metadata` when only the `Identifier` or `Date`
/// of the index's txt file changed. Encodings are compared by name and labels (not by their
/// heading in encodings.json, nor by order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiffReport {
    /// Always [`FORMAT`], so readers of the JSON can tell which shape they hold.
    pub format: &'static str,
    /// The directory the old data set was loaded from.
    pub old: String,
    /// The directory the new data set was loaded from.
    pub new: String,
    /// Whether anything differs, even only an index's `Identifier` or `Date`; sets exit status 1.
    pub changed: bool,
    /// Whether an index entry, an index, an encoding or a label differs, i.e. more than
    /// metadata.
    pub substance_changed: bool,
    /// How many indexes have each [`Status`].
    pub summary: Summary,
    /// The encodings and labels of encodings.json that were added, removed or moved.
    pub encodings: EncodingChanges,
    /// Every index of either data set, by name, with what changed in it.
    pub indexes: Vec<IndexDiff>,
}

/// How many indexes have each [`Status`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Indexes with the same entries, `Identifier` and `Date`.
    pub unchanged: usize,
    /// Indexes whose entries are the same but whose `Identifier` or `Date` changed.
    pub metadata: usize,
    /// Indexes in both data sets whose entries differ.
    pub changed: usize,
    /// Indexes only in the new data set.
    pub added: usize,
    /// Indexes only in the old data set.
    pub removed: usize,
}

/// Changes of encodings.json.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct EncodingChanges {
    /// Names of encodings only in the new encodings.json.
    pub added: Vec<String>,
    /// Names of encodings only in the old encodings.json.
    pub removed: Vec<String>,
    /// Labels only in the new data set, with the encoding they name there.
    pub labels_added: Vec<Label>,
    /// Labels only in the old data set, with the encoding they named there.
    pub labels_removed: Vec<Label>,
    /// Labels in both data sets that name a different encoding in each.
    pub labels_moved: Vec<LabelMove>,
}

impl EncodingChanges {
    /// Whether encodings.json changed in no way the audit compares (names and labels).
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.labels_added.is_empty()
            && self.labels_removed.is_empty()
            && self.labels_moved.is_empty()
    }
}

/// An encoding label and the encoding it names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    /// The label, as in encodings.json (`latin1`).
    pub label: String,
    /// The name of the encoding the label names (`windows-1252`).
    pub encoding: String,
}

/// A label that names one encoding in the old data set and another in the new.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LabelMove {
    /// The label, as in encodings.json.
    pub label: String,
    /// The name of the encoding the label names in the old data set.
    pub from: String,
    /// The name of the encoding the label names in the new data set.
    pub to: String,
}

/// How an index changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Same entries, same Identifier and Date.
    Unchanged,
    /// Same entries; the Identifier or Date changed.
    Metadata,
    /// Entries changed.
    Changed,
    /// Only in the new data set.
    Added,
    /// Only in the old data set.
    Removed,
}

/// How one entry changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// The pointer or code point has an entry only on the new side.
    Added,
    /// The pointer or code point has an entry only on the old side.
    Removed,
    /// The pointer or code point has an entry on both sides, with different values.
    Remapped,
}

/// An index's `Identifier` and `Date`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Meta {
    /// The `Identifier` line of the index's txt file; None where it has none (indexes.json
    /// alone).
    pub identifier: Option<String>,
    /// The `Date` line of the index's txt file; None where it has none.
    pub date: Option<String>,
}

impl From<&IndexMeta> for Meta {
    fn from(m: &IndexMeta) -> Meta {
        Meta {
            identifier: m.identifier.clone(),
            date: m.date.clone(),
        }
    }
}

/// What changed in one index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IndexDiff {
    /// The index's name (`jis0208`, `gb18030-ranges`).
    pub index: String,
    /// How the index changed as a whole.
    pub status: Status,
    /// The encodings whose decoders or encoders read the index, in encodings.json's order.
    pub encodings: Vec<String>,
    /// The index's `Identifier` and `Date` in the old data set; None if the index is not
    /// there.
    pub old_meta: Option<Meta>,
    /// The index's `Identifier` and `Date` in the new data set; None if the index is not
    /// there.
    pub new_meta: Option<Meta>,
    /// How many pointers have a code point in the old index (ranges, for gb18030 ranges); 0 if
    /// absent.
    pub old_entries: usize,
    /// How many pointers have a code point in the new index (ranges, for gb18030 ranges); 0 if
    /// absent.
    pub new_entries: usize,
    /// Pointers with a code point only in the new index.
    pub added: usize,
    /// Pointers with a code point only in the old index.
    pub removed: usize,
    /// Pointers whose code point differs between the two indexes.
    pub remapped: usize,
    /// Every pointer that changed, in pointer order.
    pub pointers: Vec<PointerChange>,
    /// What changed in each encoder table derived from the index; empty when no pointer
    /// changed, since the tables then cannot differ.
    pub encoder: Vec<EncoderDiff>,
}

/// A code point with its character and, where the txt files give it, its name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CodePoint {
    /// `U+FE10`.
    pub code_point: String,
    /// The character itself, for reviewers to see.
    pub char: String,
    /// The character's name from either side's `index-*.txt` files; None where neither
    /// gives one.
    pub name: Option<String>,
}

impl CodePoint {
    /// `c` with its name, if `names` has one.
    pub fn new(c: char, names: &CharNames) -> CodePoint {
        CodePoint {
            code_point: format!("U+{:04X}", c as u32),
            char: c.to_string(),
            name: names.get(&c).cloned(),
        }
    }
}

/// One pointer (for index gb18030 ranges, one range start) that changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PointerChange {
    /// The pointer; for index gb18030 ranges, the pointer a range starts at.
    pub pointer: Pointer,
    /// Whether the pointer gained, lost or changed its code point.
    pub change: Change,
    /// The bytes each decoder that reads the index maps to this pointer, so the reviewer
    /// sees which input now decodes differently.
    pub bytes: Vec<ByteSequence>,
    /// The pointer's code point in the old index; None if it had none.
    pub old: Option<CodePoint>,
    /// The pointer's code point in the new index; None if it has none.
    pub new: Option<CodePoint>,
}

/// The bytes one encoding's decoder reads the pointer from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ByteSequence {
    /// The name of the encoding whose decoder reads the bytes.
    pub encoding: String,
    /// `A6 D9`, or None where the encoding has no bytes for the pointer.
    pub bytes: Option<String>,
    /// Why there are no bytes, or what is special about them.
    pub note: Option<String>,
}

/// What changed in one encoder table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EncoderDiff {
    /// The encoder table's name (`jis0208`, `shift_jis`, or the index's name).
    pub table: String,
    /// The new data set's rule for choosing a code point's value in the table, with its
    /// section of the standard.
    pub rule: String,
    /// The encodings whose encoders use the table.
    pub encodings: Vec<String>,
    /// Code points that only the new table encodes.
    pub added: usize,
    /// Code points that only the old table encodes.
    pub removed: usize,
    /// Code points whose value differs between the two tables.
    pub remapped: usize,
    /// Every code point whose entry changed, in code point order.
    pub code_points: Vec<EncoderChange>,
}

/// A code point whose entry in an encoder table changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EncoderChange {
    /// The code point whose entry changed.
    pub code_point: CodePoint,
    /// Whether the table gained, lost or changed the code point's entry (the encoder's
    /// output may still be the same, e.g. through gb18030 ranges).
    pub change: Change,
    /// The code point's value in the old table (a pointer, or a byte for single-byte
    /// encodings); None if it had none.
    pub old_value: Option<u16>,
    /// The code point's value in the new table (a pointer, or a byte for single-byte
    /// encodings); None if it has none.
    pub new_value: Option<u16>,
    /// What each encoder that uses the table outputs for the code point, before and after.
    pub encoded: Vec<Encoded>,
}

/// What one encoder outputs for the code point, before and after; None is error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Encoded {
    /// The name of the encoding whose encoder is run.
    pub encoding: String,
    /// The bytes the encoder outputs with the old data set (`A6 D9`); None is error.
    pub old: Option<String>,
    /// The bytes the encoder outputs with the new data set (`A6 D9`); None is error.
    pub new: Option<String>,
}

/// Bytes as upper-case hex pairs: `A6 D9`.
pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Audits the change from `old` to `new`. `names` gives character names (both sides' txt
/// files, merged).
pub fn diff(old: &DataSet, new: &DataSet, names: &CharNames) -> Result<DiffReport, DataError> {
    let encodings = encoding_changes(old, new);
    let all: BTreeSet<&String> = old.indexes.keys().chain(new.indexes.keys()).collect();
    let mut indexes = Vec::new();
    let mut summary = Summary::default();
    for name in all {
        let d = index_diff(name, old, new, names)?;
        match d.status {
            Status::Unchanged => summary.unchanged += 1,
            Status::Metadata => summary.metadata += 1,
            Status::Changed => summary.changed += 1,
            Status::Added => summary.added += 1,
            Status::Removed => summary.removed += 1,
        }
        indexes.push(d);
    }
    let substance_changed =
        !encodings.is_empty() || summary.changed + summary.added + summary.removed > 0;
    Ok(DiffReport {
        format: FORMAT,
        old: old.dir.display().to_string(),
        new: new.dir.display().to_string(),
        changed: substance_changed || summary.metadata > 0,
        substance_changed,
        summary,
        encodings,
        indexes,
    })
}

fn encoding_changes(old: &DataSet, new: &DataSet) -> EncodingChanges {
    let names = |set: &DataSet| -> BTreeSet<String> {
        set.encodings.iter().map(|e| e.name.clone()).collect()
    };
    let labels = |set: &DataSet| -> BTreeMap<String, String> {
        set.encodings
            .iter()
            .flat_map(|e| e.labels.iter().map(|l| (l.clone(), e.name.clone())))
            .collect()
    };
    let (old_names, new_names) = (names(old), names(new));
    let (old_labels, new_labels) = (labels(old), labels(new));
    let mut out = EncodingChanges {
        added: new_names.difference(&old_names).cloned().collect(),
        removed: old_names.difference(&new_names).cloned().collect(),
        ..EncodingChanges::default()
    };
    let all: BTreeSet<&String> = old_labels.keys().chain(new_labels.keys()).collect();
    for label in all {
        match (old_labels.get(label), new_labels.get(label)) {
            (Some(from), Some(to)) if from != to => out.labels_moved.push(LabelMove {
                label: label.clone(),
                from: from.clone(),
                to: to.clone(),
            }),
            (None, Some(to)) => out.labels_added.push(Label {
                label: label.clone(),
                encoding: to.clone(),
            }),
            (Some(from), None) => out.labels_removed.push(Label {
                label: label.clone(),
                encoding: from.clone(),
            }),
            _ => {}
        }
    }
    out
}

/// Pointer -> code point; for index gb18030 ranges, range start pointer -> code point.
fn pairs(index: &Index) -> BTreeMap<Pointer, char> {
    match &index.data {
        IndexData::Pointers(_) => index.entries().collect(),
        IndexData::Ranges(r) => r.iter().copied().collect(),
    }
}

/// The encodings that read `index`, in encodings.json's order.
fn users(index: &str) -> Vec<&'static spec::SpecEncoding> {
    spec::ENCODINGS
        .iter()
        .filter(|e| e.indexes.contains(&index))
        .collect()
}

fn index_diff(
    name: &str,
    old: &DataSet,
    new: &DataSet,
    names: &CharNames,
) -> Result<IndexDiff, DataError> {
    let (o, n) = (old.index(name), new.index(name));
    let empty = BTreeMap::new();
    let (op, np) = (
        o.map(pairs).unwrap_or_else(|| empty.clone()),
        n.map(pairs).unwrap_or(empty),
    );
    let mut pointers = Vec::new();
    let all: BTreeSet<Pointer> = op.keys().chain(np.keys()).copied().collect();
    for p in all {
        let (a, b) = (op.get(&p).copied(), np.get(&p).copied());
        let change = match (a, b) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(_), Some(_)) => Change::Remapped,
            (None, Some(_)) => Change::Added,
            (Some(_), None) => Change::Removed,
            (None, None) => continue,
        };
        pointers.push(PointerChange {
            pointer: p,
            change,
            bytes: byte_sequences(name, p),
            old: a.map(|c| CodePoint::new(c, names)),
            new: b.map(|c| CodePoint::new(c, names)),
        });
    }
    let count = |c: Change| pointers.iter().filter(|p| p.change == c).count();
    let (added, removed, remapped) = (
        count(Change::Added),
        count(Change::Removed),
        count(Change::Remapped),
    );
    let status = match (o, n) {
        (None, _) => Status::Added,
        (_, None) => Status::Removed,
        (Some(_), Some(_)) if !pointers.is_empty() => Status::Changed,
        (Some(a), Some(b)) if a.meta != b.meta => Status::Metadata,
        _ => Status::Unchanged,
    };
    let encoder = if pointers.is_empty() {
        Vec::new()
    } else {
        let mut v = Vec::new();
        for table in derive::tables_of_index(name) {
            v.push(encoder_diff(table, old, new, names)?);
        }
        v
    };
    Ok(IndexDiff {
        index: name.to_string(),
        status,
        encodings: users(name).iter().map(|e| e.name.to_string()).collect(),
        old_meta: o.map(|i| Meta::from(&i.meta)),
        new_meta: n.map(|i| Meta::from(&i.meta)),
        old_entries: op.len(),
        new_entries: np.len(),
        added,
        removed,
        remapped,
        pointers,
        encoder,
    })
}

/// `bytes`, or None if a value does not fit in a byte (a pointer beyond what the encoding
/// addresses; validation rules these out).
fn to_bytes(values: &[u32]) -> Option<Vec<u8>> {
    values.iter().map(|&v| u8::try_from(v).ok()).collect()
}

/// gb18030 and GBK two-byte sequence of a pointer of index gb18030.
fn gb18030_bytes(p: u32) -> Option<Vec<u8>> {
    let trail = p % 190;
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    to_bytes(&[p / 190 + 0x81, trail + offset])
}

/// gb18030 four-byte sequence of a pointer of index gb18030 ranges.
pub fn gb18030_four_bytes(p: u32) -> Option<Vec<u8>> {
    to_bytes(&[
        p / 12600 + 0x81,
        (p % 12600) / 1260 + 0x30,
        (p % 1260) / 10 + 0x81,
        p % 10 + 0x30,
    ])
}

fn big5_bytes(p: u32) -> Option<Vec<u8>> {
    let trail = p % 157;
    let offset = if trail < 0x3F { 0x40 } else { 0x62 };
    to_bytes(&[p / 157 + 0x81, trail + offset])
}

fn euc_kr_bytes(p: u32) -> Option<Vec<u8>> {
    to_bytes(&[p / 190 + 0x81, p % 190 + 0x41])
}

/// Pointers of index jis0208 and jis0212 that EUC-JP and ISO-2022-JP address: 94 × 94.
const JIS_ROWS_POINTERS: u32 = 94 * 94;

fn euc_jp_bytes(p: u32) -> Option<Vec<u8>> {
    (p < JIS_ROWS_POINTERS).then(|| vec![(p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8])
}

fn iso_2022_jp_bytes(p: u32) -> Option<Vec<u8>> {
    // ESC $ B switches to jis0208.
    (p < JIS_ROWS_POINTERS).then(|| {
        vec![
            0x1B,
            0x24,
            0x42,
            (p / 94 + 0x21) as u8,
            (p % 94 + 0x21) as u8,
        ]
    })
}

fn shift_jis_bytes(p: u32) -> Option<Vec<u8>> {
    let (lead, trail) = (p / 188, p % 188);
    let lead_offset = if lead < 0x1F { 0x81 } else { 0xC1 };
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    to_bytes(&[lead + lead_offset, trail + offset])
}

/// The byte sequences that decode to `index`'s entry at pointer `p`, one per encoding that
/// reads the index.
pub fn byte_sequences(index: &str, p: Pointer) -> Vec<ByteSequence> {
    let mut out = Vec::new();
    for e in users(index) {
        let (bytes, note): (Option<Vec<u8>>, Option<String>) = match (e.family, index) {
            (Family::SingleByte, _) => (to_bytes(&[p + 0x80]), None),
            (Family::Gb18030, "gb18030-ranges") => (gb18030_four_bytes(p), None),
            (Family::Gb18030, _) => (gb18030_bytes(p), None),
            (Family::Big5, _) => (
                big5_bytes(p),
                (p < derive::BIG5_FIRST_ENCODABLE_POINTER)
                    .then(|| "decode only: the Big5 encoder ignores pointers below 5024".into()),
            ),
            (Family::EucKr, _) => (euc_kr_bytes(p), None),
            (Family::EucJp, "jis0212") => (
                euc_jp_bytes(p).map(|b| [&[0x8F], &b[..]].concat()),
                Some("decode only: the EUC-JP encoder does not use index jis0212".into()),
            ),
            (Family::EucJp | Family::Iso2022Jp, "jis0208") => {
                let bytes = if e.family == Family::EucJp {
                    euc_jp_bytes(p)
                } else {
                    iso_2022_jp_bytes(p)
                };
                let note = bytes
                    .is_none()
                    .then(|| format!("{} addresses pointers 0 to 8835 of index jis0208", e.name));
                (bytes, note)
            }
            (Family::Iso2022Jp, _) => (
                None,
                Some(format!(
                    "encoder only: U+{:04X} (U+FF61 + pointer) is encoded as this code point",
                    0xFF61 + p
                )),
            ),
            (Family::ShiftJis, _) => {
                let note = if (8836..=10715).contains(&p) {
                    Some(format!(
                        "EUDC: the Shift_JIS decoder maps these bytes to U+{:04X}, not to the index",
                        0xE000 + p - 8836
                    ))
                } else if derive::SHIFT_JIS_EXCLUDED.contains(&p) {
                    Some("decode only: the Shift_JIS encoder ignores pointers 8272 to 8835".into())
                } else {
                    None
                };
                (shift_jis_bytes(p), note)
            }
            _ => (None, None),
        };
        let note = match (&bytes, note) {
            (None, None) => Some(format!("beyond what {} addresses", e.name)),
            (_, note) => note,
        };
        out.push(ByteSequence {
            encoding: e.name.to_string(),
            bytes: bytes.as_deref().map(hex),
            note,
        });
    }
    out
}

/// The encodings whose encoders use an encoder table.
fn table_users(table: &str) -> Vec<&'static str> {
    match table {
        "jis0208" => vec!["EUC-JP", "ISO-2022-JP"],
        "shift_jis" => vec!["Shift_JIS"],
        _ => users(table).iter().map(|e| e.name).collect(),
    }
}

/// The index gb18030 ranges pointer of `c` (section 5): the pointer of the last range
/// starting at or before `c`, plus the offset of `c` in it.
fn ranges_pointer(ranges: &[(Pointer, char)], c: char) -> Option<Pointer> {
    if c == '\u{E7C7}' {
        return Some(7457);
    }
    let &(p, start) = ranges.iter().rev().find(|&&(_, start)| start <= c)?;
    Some(p + c as u32 - start as u32)
}

/// What `encoding`'s encoder outputs for `c`, given the entry of `c` in encoder table `table`
/// of `set` (the parts of the encoders that tables decide; special cases before the table
/// lookup, such as EUC-JP's U+2212, are not modelled, except GBK's U+20AC).
fn encode(
    set: &DataSet,
    table: &str,
    encoding: &str,
    c: char,
    value: Option<u16>,
) -> Option<Vec<u8>> {
    let family = spec::encoding(encoding)?.family;
    if family == Family::Gb18030 {
        if encoding == "GBK" && c == '\u{20AC}' {
            return Some(vec![0x80]);
        }
        return match value {
            Some(p) => gb18030_bytes(p.into()),
            None if encoding == "gb18030" && c != '\u{E5E5}' && !c.is_ascii() => {
                let ranges = set.index("gb18030-ranges")?.ranges();
                gb18030_four_bytes(ranges_pointer(ranges, c)?)
            }
            None => None,
        };
    }
    let p = u32::from(value?);
    match (family, table) {
        (Family::SingleByte, _) => to_bytes(&[p]),
        (Family::EucJp, _) => euc_jp_bytes(p),
        (Family::Iso2022Jp, _) => iso_2022_jp_bytes(p),
        (Family::ShiftJis, _) => shift_jis_bytes(p),
        (Family::EucKr, _) => euc_kr_bytes(p),
        (Family::Big5, _) => big5_bytes(p),
        _ => None,
    }
}

fn encoder_diff(
    table: &str,
    old: &DataSet,
    new: &DataSet,
    names: &CharNames,
) -> Result<EncoderDiff, DataError> {
    let (a, b): (EncodeTable, EncodeTable) = (
        derive::encoder_table(old, table)?,
        derive::encoder_table(new, table)?,
    );
    let encodings = table_users(table);
    let all: BTreeSet<char> = a.entries.keys().chain(b.entries.keys()).copied().collect();
    let mut code_points = Vec::new();
    for c in all {
        let (x, y) = (a.entries.get(&c).copied(), b.entries.get(&c).copied());
        let change = match (x, y) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(_), Some(_)) => Change::Remapped,
            (None, Some(_)) => Change::Added,
            (Some(_), None) => Change::Removed,
            (None, None) => continue,
        };
        let encoded = encodings
            .iter()
            .map(|enc| Encoded {
                encoding: enc.to_string(),
                old: encode(old, table, enc, c, x).as_deref().map(hex),
                new: encode(new, table, enc, c, y).as_deref().map(hex),
            })
            .collect();
        code_points.push(EncoderChange {
            code_point: CodePoint::new(c, names),
            change,
            old_value: x,
            new_value: y,
            encoded,
        });
    }
    let count = |ch: Change| code_points.iter().filter(|c| c.change == ch).count();
    Ok(EncoderDiff {
        table: table.to_string(),
        rule: b.rule.to_string(),
        encodings: encodings.iter().map(|e| e.to_string()).collect(),
        added: count(Change::Added),
        removed: count(Change::Removed),
        remapped: count(Change::Remapped),
        code_points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(index: &str, p: Pointer) -> Vec<(String, Option<String>)> {
        byte_sequences(index, p)
            .into_iter()
            .map(|s| (s.encoding, s.bytes))
            .collect()
    }

    fn one(encoding: &str, bytes: &str) -> (String, Option<String>) {
        (encoding.to_string(), Some(bytes.to_string()))
    }

    // Expected bytes are worked by hand from the decoders of the standard (sections 9 to 13):
    // each decoder's pointer formula, inverted.
    #[test]
    fn bytes_of_pointers() {
        // windows-1252: byte 0x80 is pointer 0.
        assert_eq!(seq("windows-1252", 0), [one("windows-1252", "80")]);
        assert_eq!(
            seq("iso-8859-8", 127),
            [one("ISO-8859-8", "FF"), one("ISO-8859-8-I", "FF")]
        );
        // gb18030: (0xA6 - 0x81) * 190 + (0xD9 - 0x41) = 7182; trail below 0x7F: offset 0x40.
        assert_eq!(
            seq("gb18030", 7182),
            [one("GBK", "A6 D9"), one("gb18030", "A6 D9")]
        );
        assert_eq!(
            seq("gb18030", 190 + 0x3E),
            [one("GBK", "82 7E"), one("gb18030", "82 7E")]
        );
        assert_eq!(
            seq("gb18030", 190 + 0x3F),
            [one("GBK", "82 80"), one("gb18030", "82 80")]
        );
        // Big5: (0xA4 - 0x81) * 157 + (0x40 - 0x40) = 5495; 0xA1 trail: 0x3F + 0x62.
        assert_eq!(seq("big5", 5495), [one("Big5", "A4 40")]);
        assert_eq!(seq("big5", 5495 + 0x3F), [one("Big5", "A4 A1")]);
        // EUC-KR: (0xB0 - 0x81) * 190 + (0xA1 - 0x41) = 47 * 190 + 96.
        assert_eq!(seq("euc-kr", 47 * 190 + 96), [one("EUC-KR", "B0 A1")]);
        // jis0208 pointer 0 (U+3000): EUC-JP A1 A1, ISO-2022-JP ESC $ B 21 21, Shift_JIS 81 40.
        assert_eq!(
            seq("jis0208", 0),
            [
                one("EUC-JP", "A1 A1"),
                one("ISO-2022-JP", "1B 24 42 21 21"),
                one("Shift_JIS", "81 40")
            ]
        );
        // jis0208 10716 (U+2170 in the IBM extensions): Shift_JIS FA 40 only.
        let s = byte_sequences("jis0208", 10716);
        assert_eq!(s[0].bytes, None);
        assert_eq!(s[1].bytes, None);
        assert_eq!(s[2].bytes.as_deref(), Some("FA 40"));
        // Pointer 8836 is the first EUDC pointer: Shift_JIS F0 40.
        let s = byte_sequences("jis0208", 8836);
        assert_eq!(s[2].bytes.as_deref(), Some("F0 40"));
        assert!(s[2].note.as_deref().unwrap().contains("U+E000"));
        // jis0212 in EUC-JP: 0x8F then the row and cell.
        assert_eq!(seq("jis0212", 94 + 1), [one("EUC-JP", "8F A2 A2")]);
        // gb18030 ranges: pointer 0 is 81 30 81 30; 39419 is 84 31 A4 39, the last BMP one.
        assert_eq!(
            seq("gb18030-ranges", 0),
            [one("GBK", "81 30 81 30"), one("gb18030", "81 30 81 30")]
        );
        assert_eq!(
            seq("gb18030-ranges", 39419)[1],
            one("gb18030", "84 31 A4 39")
        );
        // Katakana: the encoder's, no bytes.
        let s = byte_sequences("iso-2022-jp-katakana", 0);
        assert_eq!(s[0].bytes, None);
        assert!(s[0].note.as_deref().unwrap().contains("U+FF61"));
    }

    #[test]
    fn ranges_pointer_of_the_standard() {
        let ranges = [(0, '\u{80}'), (36, '\u{A5}'), (7457, '\u{E81E}')];
        assert_eq!(ranges_pointer(&ranges, '\u{80}'), Some(0));
        assert_eq!(ranges_pointer(&ranges, '\u{A3}'), Some(0xA3 - 0x80));
        assert_eq!(ranges_pointer(&ranges, '\u{A6}'), Some(37));
        assert_eq!(ranges_pointer(&ranges, '\u{E7C7}'), Some(7457));
    }
}
