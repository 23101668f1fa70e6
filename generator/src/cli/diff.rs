//! `encoding-gen diff OLD NEW`: the audit of an update, rendered.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use encoding_gen::diff::{
    diff, ByteSequence, Change, CodePoint, DiffReport, EncoderDiff, IndexDiff, Meta, Status,
};
use encoding_gen::load_dir_with_names;

use super::{print_json, CliError, Format};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The data directory before the update.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The data directory after the update.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,
}

pub fn run(args: &Args, format: Format) -> Result<ExitCode, CliError> {
    let (old, old_names) = load_dir_with_names(&args.old)?;
    let (new, new_names) = load_dir_with_names(&args.new)?;
    let mut names = old_names;
    names.extend(new_names);
    let report = diff(&old, &new, &names)?;
    let mut out = io::stdout().lock();
    match format {
        Format::Text => render(&mut out, &report)?,
        Format::Json => print_json(&mut out, &report)?,
    }
    out.flush()?;
    Ok(if report.changed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `U+FE10 ︐ (PRESENTATION FORM FOR VERTICAL COMMA)`, as the txt files write it; control
/// characters are not printed.
fn show(c: &CodePoint) -> String {
    let mut s = c.code_point.clone();
    if !c.char.chars().any(char::is_control) {
        s.push(' ');
        s.push_str(&c.char);
    }
    if let Some(name) = &c.name {
        s.push_str(&format!(" ({name})"));
    }
    s
}

fn show_opt(c: &Option<CodePoint>) -> String {
    c.as_ref().map_or_else(|| "nothing".to_string(), show)
}

/// `GBK, gb18030: A6 D9`, encodings with the same bytes together.
fn show_bytes(seqs: &[ByteSequence]) -> String {
    let mut groups: Vec<(Vec<&str>, &Option<String>, &Option<String>)> = Vec::new();
    for s in seqs {
        match groups
            .iter_mut()
            .find(|g| g.1 == &s.bytes && g.2 == &s.note)
        {
            Some(g) => g.0.push(&s.encoding),
            None => groups.push((vec![&s.encoding], &s.bytes, &s.note)),
        }
    }
    groups
        .iter()
        .map(|(encs, bytes, note)| {
            let mut s = format!("{}: {}", encs.join(", "), bytes.as_deref().unwrap_or("-"));
            if let Some(n) = note {
                s.push_str(&format!(" [{n}]"));
            }
            s
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn show_meta_change(old: &Option<Meta>, new: &Option<Meta>) -> String {
    let (Some(o), Some(n)) = (old, new) else {
        return String::new();
    };
    let mut parts = Vec::new();
    let field = |x: &Option<String>| x.clone().unwrap_or_else(|| "none".into());
    if o.identifier != n.identifier {
        parts.push(format!(
            "Identifier {} → {}",
            field(&o.identifier),
            field(&n.identifier)
        ));
    }
    if o.date != n.date {
        parts.push(format!("Date {} → {}", field(&o.date), field(&n.date)));
    }
    parts.join(", ")
}

fn change_word(c: Change) -> &'static str {
    match c {
        Change::Added => "added",
        Change::Removed => "removed",
        Change::Remapped => "remapped",
    }
}

fn render_index(out: &mut impl Write, d: &IndexDiff) -> io::Result<()> {
    let what = match d.status {
        Status::Added => "added",
        Status::Removed => "removed",
        _ => "changed",
    };
    writeln!(
        out,
        "index {} {what} (read by {}):",
        d.index,
        if d.encodings.is_empty() {
            "no encoding of the standard".to_string()
        } else {
            d.encodings.join(", ")
        }
    )?;
    let meta = show_meta_change(&d.old_meta, &d.new_meta);
    if !meta.is_empty() {
        writeln!(out, "  {meta}")?;
    }
    let unit = if d.index == "gb18030-ranges" {
        "ranges"
    } else {
        "entries"
    };
    writeln!(
        out,
        "  {} → {} {unit}: {} added, {} removed, {} remapped",
        d.old_entries, d.new_entries, d.added, d.removed, d.remapped
    )?;
    for p in &d.pointers {
        let cps = match p.change {
            Change::Added => format!("→ {}", show_opt(&p.new)),
            Change::Removed => format!("{} → nothing", show_opt(&p.old)),
            Change::Remapped => format!("{} → {}", show_opt(&p.old), show_opt(&p.new)),
        };
        writeln!(
            out,
            "  pointer {:>7} {:<8} {}  {cps}",
            p.pointer,
            change_word(p.change),
            show_bytes(&p.bytes)
        )?;
    }
    for t in &d.encoder {
        render_encoder(out, t)?;
    }
    Ok(())
}

fn render_encoder(out: &mut impl Write, t: &EncoderDiff) -> io::Result<()> {
    writeln!(
        out,
        "  encoder table {} (used by {}): {} code points added, {} removed, {} remapped",
        t.table,
        t.encodings.join(", "),
        t.added,
        t.removed,
        t.remapped
    )?;
    let single_byte = encoding_gen::spec::is_single_byte_index(&t.table);
    let value = |v: Option<u16>| match v {
        None => "none".to_string(),
        Some(b) if single_byte => format!("byte {b:02X}"),
        Some(p) => format!("pointer {p}"),
    };
    let entry = |c: &encoding_gen::diff::EncoderChange| match c.change {
        Change::Added => format!("enters the table at {}", value(c.new_value)),
        Change::Removed => format!("leaves the table (was {})", value(c.old_value)),
        Change::Remapped => format!("{} → {}", value(c.old_value), value(c.new_value)),
    };
    for c in &t.code_points {
        let encoded: Vec<String> = c
            .encoded
            .iter()
            .map(|e| {
                let b = |x: &Option<String>| x.clone().unwrap_or_else(|| "error".into());
                if e.old == e.new {
                    format!("{} {} (same)", e.encoding, b(&e.old))
                } else {
                    format!("{} {} → {}", e.encoding, b(&e.old), b(&e.new))
                }
            })
            .collect();
        writeln!(
            out,
            "    {}: {}; {}",
            show(&c.code_point),
            entry(c),
            encoded.join("; ")
        )?;
    }
    Ok(())
}

/// The text rendering of an audit.
pub fn render(out: &mut impl Write, r: &DiffReport) -> io::Result<()> {
    writeln!(out, "Audit: {} → {}", r.old, r.new)?;
    let e = &r.encodings;
    if e.is_empty() {
        writeln!(out, "Encodings and labels: unchanged")?;
    } else {
        writeln!(out, "Encodings and labels:")?;
        for n in &e.added {
            writeln!(out, "  encoding added: {n}")?;
        }
        for n in &e.removed {
            writeln!(out, "  encoding removed: {n}")?;
        }
        for l in &e.labels_added {
            writeln!(out, "  label added: {:?} → {}", l.label, l.encoding)?;
        }
        for l in &e.labels_removed {
            writeln!(out, "  label removed: {:?} (was {})", l.label, l.encoding)?;
        }
        for l in &e.labels_moved {
            writeln!(out, "  label moved: {:?} {} → {}", l.label, l.from, l.to)?;
        }
    }
    let s = &r.summary;
    writeln!(
        out,
        "Indexes: {} changed, {} metadata only, {} unchanged, {} added, {} removed",
        s.changed, s.metadata, s.unchanged, s.added, s.removed
    )?;
    for d in r.indexes.iter().filter(|d| d.status == Status::Metadata) {
        writeln!(
            out,
            "  {:<22} metadata only: {}",
            d.index,
            show_meta_change(&d.old_meta, &d.new_meta)
        )?;
    }
    for d in r
        .indexes
        .iter()
        .filter(|d| matches!(d.status, Status::Changed | Status::Added | Status::Removed))
    {
        writeln!(out)?;
        render_index(out, d)?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{}",
        if r.substance_changed {
            "Result: the data changed in substance."
        } else if r.changed {
            "Result: only Identifier or Date headers changed; the data is identical in substance."
        } else {
            "Result: no change."
        }
    )?;
    Ok(())
}
