//! BENCHMARKS.md: the page of figures, written by this benchmark rather than by hand. The
//! page has a fixed introduction (how to run, what each category measures) and one section
//! per configuration measured: encoding_rs's build compared against, and the settings that
//! change our build (profile overrides, `RUSTFLAGS`, the crate's environment variables). A
//! run replaces its own configuration's section and keeps the others, so that runs of the
//! default build, of `fast-legacy-encode` and of other profiles share one page.

use crate::machine::Machine;
use std::fmt::Write;
use std::path::Path;

/// Opens a section; the rest of the line is the section's key.
const SECTION: &str = "<!-- section: ";
/// Closes a section.
const END: &str = "<!-- end section -->";

/// The page's introduction, before the sections.
const INTRODUCTION: &str = "\
# Benchmarks

Throughput of whatwg-encoding against encoding_rs 0.8, side by side in one process, on the
Wikipedia \"Mars\" articles of the bench corpus (plain text and HTML in sixteen languages, each
in its legacy encodings, in UTF-8 and in UTF-16LE: the inputs of encoding_rs's own
benchmarks). This page is written by the benchmark (`generated/benches/compare/page.rs`): do
not edit it by hand. Each section below is one configuration, replaced by the next run of the
same configuration.

## How to run

```sh
cargo bench -p whatwg-encoding --bench compare                 # against encoding_rs's default build
cargo bench -p whatwg-encoding --bench compare --features encoding_rs/fast-legacy-encode
cargo bench -p whatwg-encoding --bench compare --features compact  # our `compact` configuration
cargo bench -p whatwg-encoding --bench compare -- decode/ja   # only the groups that match
```

A run ends with a Markdown summary (also in `target/criterion/compare-summary.md`). To
update this page, run the benchmark three times, saving `target/criterion` after each, and
name the copies in `COMPARE_RUNS` (separated as in `PATH`) with `BENCHMARKS_MD=BENCHMARKS.md`
on the last run: its section then gives each pair's median ratio over the runs and the range.
The bench corpus is `shared/bench-corpus` beside the checkout, or where `BENCH_CORPUS` says.
A full run takes about six minutes.

## What each category measures

Ratio: our time over the other member's (criterion's median); below 1 is faster. MB/s:
millions of input bytes a second.

| category | ours | against |
| --- | --- | --- |
| `decode` | one-shot `decode_without_bom_handling`, every language in each legacy encoding, UTF-8 and UTF-16LE | encoding_rs, the same call |
| `decode_utf16` | `Decoder::decode_to_utf16` into a buffer of `max_utf16_buffer_length`, the same pairs | encoding_rs, the same call into its own buffer |
| `encode` | one-shot `encode`, the legacy pairs | encoding_rs, the same call |
| `encode_utf16` | `Encoder::encode_from_utf16` into a buffer of `max_buffer_length_from_utf16_if_no_unmappables`, the legacy pairs | encoding_rs, the same call into its own buffer |
| `limit` | en.html (and de.html beside it) as windows-1252 and as UTF-8 into a `String` allocated in the call, by `Decoder::decode_to_string` and by `decode_without_bom_handling(..).into_owned()` | `copy_from_slice` of the same bytes into a buffer allocated once (encoding_rs's call in a note) |
| `stream4k`, `stream64` | our `Decoder` fed 4 KiB or 64-byte chunks | our one-shot `decode_to_utf8` (encoding_rs's `Decoder` fed the same chunks in a note) |
| `hostile` | 64 KiB of fixed random bytes, one-shot decode, every multi-byte decoder | encoding_rs, the same call |
| `sniff` | the HTML prescan (`sniff::prescan_a_byte_stream_to_determine_its_encoding`) of each `.html` page's first 1024 bytes, as the page is (`as-is`: its `<meta charset>` ends by byte 96) and without that `<meta>` (`no-meta`: the prescan reads all 1024 bytes) | our `decode_to_str` of the same 1024 bytes as windows-1252 |
| `sniff_document` | `sniff::sniff_whole_document` of each `.html` page without its `<meta charset>`, what a user pays for such a page (the sniffing answers windows-1252, tentatively; the page's last `<meta` is in its head, by byte 5,712: the text is followed to the end of that tag and the rest of the page only searched for `<meta`; target 2.0) | our `decode_to_str` of the same page as windows-1252 |
| `sniff_document_full` | the same with `<meta name=end>` after each page's last byte, which declares nothing: the text is followed to the page's end through the tokenizer and the tree construction (what `sniff_document` measured before the search for the last `<meta`, at 4b405cc; what a page with a `<meta>` late in its body costs) | our `decode_to_str` of the same bytes as windows-1252 |

The encode inputs are the legacy bytes decoded back, so that every character maps (what an
encoding lacks stays as the numeric character reference its encoder wrote). encoding_rs's
features unify within one build, so its default build and `fast-legacy-encode` are two runs
and two sections; decoding is the same in both.

A run of some groups only (a filter after `--`) writes a section of its own, named after the
filter, and leaves the whole run's section as it was.

On a shared machine one run's ratio for a single pair can be off by half: read the range
over the runs, and decide with instruction counts (`valgrind --tool=callgrind`).
";

/// One configuration's section.
pub struct Section<'a> {
    /// What was compared against, and the settings: the section's key and heading.
    pub title: String,
    /// The machine and build.
    pub machine: &'a Machine,
    /// The command that started the run.
    pub command: &'a str,
    /// How many runs the ratios are the median of.
    pub runs: usize,
    /// The geometric means and worst pairs.
    pub means: String,
    /// The targets, met or missed.
    pub targets: String,
    /// Every pair.
    pub pairs: String,
}

impl Section<'_> {
    /// The section's Markdown, between its markers.
    fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{SECTION}{} -->", self.title);
        let _ = writeln!(out, "## {}\n", self.title);
        let date = crate::machine::output_of("date", &["-u", "+%Y-%m-%d"]).unwrap_or_default();
        let _ = writeln!(
            out,
            "Measured {date} on {} Command: `{}`. {}\n",
            self.machine.describe(),
            self.command,
            match self.runs {
                1 => "One run.".to_owned(),
                n => format!("Each ratio is the median of {n} runs."),
            }
        );
        let _ = writeln!(out, "{}", self.means);
        let _ = writeln!(out, "{}", self.targets);
        let _ = writeln!(
            out,
            "<details>\n<summary>Every pair</summary>\n\n{}\n</details>",
            self.pairs
        );
        let _ = writeln!(out, "{END}");
        out
    }
}

/// Writes `section` into the page at `path`: the introduction anew, the other sections as
/// they were, this section in place of its old one or after the others.
pub fn write(path: &Path, section: &Section) -> std::io::Result<()> {
    let old = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    let mut sections = sections(&old);
    let new = (section.title.clone(), section.render());
    match sections
        .iter_mut()
        .find(|(title, _)| *title == section.title)
    {
        Some(old) => *old = new,
        None => sections.push(new),
    }
    let mut page = String::from(INTRODUCTION);
    for (_, text) in &sections {
        page.push('\n');
        page.push_str(text);
    }
    let temporary = path.with_extension("md.tmp");
    std::fs::write(&temporary, page)?;
    std::fs::rename(&temporary, path)
}

/// The sections of a page, as (key, text with its markers), in page order.
fn sections(page: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find(SECTION) {
        let after = &rest[start..];
        let Some(end) = after.find(END) else { break };
        let text = &after[..end + END.len()];
        let title = text[SECTION.len()..]
            .lines()
            .next()
            .unwrap_or("")
            .trim_end_matches("-->")
            .trim()
            .to_owned();
        found.push((title, format!("{text}\n")));
        rest = &after[end + END.len()..];
    }
    found
}
