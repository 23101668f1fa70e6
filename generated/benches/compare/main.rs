//! Throughput of whatwg-encoding against encoding_rs, side by side in one process, on the
//! Wikipedia "Mars" articles of `shared/bench-corpus` (the inputs of encoding_rs's own
//! benchmarks), then a summary: per pair both libraries' MB/s and the ratio of the times,
//! per category the geometric mean and the worst pair, and the performance issue's targets.
//!
//! `cargo bench -p whatwg-encoding --bench compare` compares with encoding_rs's default
//! build; add `--features encoding_rs/fast-legacy-encode` for the build with its fast legacy
//! encoders. A filter after `--` runs the groups whose names match (`-- decode/ja`), and the
//! summary covers what ran. Each group is `category/pair`: see [`group::Category`].
//!
//! `COMPARE_INSTRUCTIONS` runs each group's call once instead, for callgrind to count its
//! instructions: see `benches/instructions.sh`.
//!
//! Environment: `BENCH_CORPUS` names the corpus folder if it is not `shared/bench-corpus`
//! beside the checkout; `COMPARE_RUNS` lists saved copies of `target/criterion` from earlier
//! runs (separated as in `PATH`), whose ratios join this run's: the summary then gives the
//! median of the runs' ratios and their range; `BENCHMARKS_MD` names the page of figures
//! (`BENCHMARKS.md`; a relative path is taken from the repository's root) into which this run writes its section (see [`page`]).

mod corpus;
mod encoding_rs_build;
mod group;
mod hostile;
mod instructions;
mod limit;
mod machine;
mod one_shot;
mod page;
mod results;
mod sniff;
mod sniff_document;
mod stream;
mod summary;
mod targets;
mod utf16;

use criterion::Criterion;
use results::Results;
use std::fmt::Write;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

fn main() {
    let dir = match corpus::locate() {
        Ok(dir) => dir,
        Err(why) => {
            println!("compare: nothing measured: the benchmark corpus is missing ({why})");
            return;
        }
    };
    if let Some(filter) = std::env::var_os("COMPARE_INSTRUCTIONS") {
        let pairs = corpus::pairs(&dir);
        return instructions::run(&dir, &pairs, &filter.to_string_lossy());
    }
    // Results written from here on are this run's. A second's margin for file systems whose
    // clock is coarser than the system's.
    let started = SystemTime::now() - Duration::from_secs(1);
    let output = output_directory();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300))
        .sample_size(10)
        .nresamples(5000)
        .without_plots()
        .output_directory(&output)
        .configure_from_args();

    let pairs = corpus::pairs(&dir);
    let mut rows = Vec::new();
    one_shot::decode(&mut c, &mut rows, &pairs);
    utf16::decode(&mut c, &mut rows, &pairs);
    one_shot::encode(&mut c, &mut rows, &pairs);
    utf16::encode(&mut c, &mut rows, &pairs);
    limit::bench(&mut c, &mut rows, &dir);
    stream::bench(&mut c, &mut rows, &pairs);
    hostile::bench(&mut c, &mut rows);
    sniff::bench(&mut c, &mut rows, &dir);
    sniff_document::bench(&mut c, &mut rows, &dir);
    c.final_summary();

    let this = Results::read(&output, Some(started));
    let saved = saved_runs();
    let lines = summary::lines(&rows, &this, &saved);
    if lines.is_empty() {
        println!(
            "compare: no results in this run (a filter that matched nothing, --list, or test mode)"
        );
        return;
    }
    let (build, command) = encoding_rs_build::detect();
    let command = command.as_deref().unwrap_or("unknown");
    let runs = saved.len() + 1;
    let pairs = summary::pairs_table(&lines, runs);
    let means = summary::means_table(&lines);
    let targets = targets::render(&lines, &build);
    // With `compact`, ours is that configuration, and its figures go in a section of their own.
    let ours = if cfg!(feature = "compact") {
        "whatwg-encoding `compact`"
    } else {
        "whatwg-encoding"
    };
    let text = format!(
        "## {ours} against {}\n\n\
         Command: `{command}`. Ratio: our time over theirs (criterion's median), below 1 is \
         faster{}. Theirs is encoding_rs, but in `limit` (`copy_from_slice` of the same \
         bytes), in `stream4k`/`stream64` (our own one-shot `decode_to_utf8`), in `sniff` \
         (our `decode_to_str` of the same 1024 bytes as windows-1252) and in \
         `sniff_document`/`sniff_document_full` (our `decode_to_str` of the same page as \
         windows-1252). MB/s: \
         millions of input bytes a second.\n\n{pairs}\n{means}\n{targets}",
        build.describe(),
        match runs {
            1 => String::new(),
            n => format!("; the median of {n} runs (this one and COMPARE_RUNS)"),
        },
    );
    println!("\n{text}");
    let file = output.join("compare-summary.md");
    match std::fs::write(&file, &text) {
        Ok(()) => println!("(also in {})", file.display()),
        Err(e) => eprintln!("compare: {}: {e}", file.display()),
    }

    let machine = machine::Machine::read();
    let mut title = if cfg!(feature = "compact") {
        format!("`compact` against {}", build.describe())
    } else {
        format!("Against {}", build.describe())
    };
    if !machine.settings.is_empty() {
        let settings: Vec<String> = machine.settings.iter().map(|s| format!("`{s}`")).collect();
        let _ = write!(title, ", with {}", settings.join(", "));
    }
    // A run of some groups gets a section of its own, rather than replacing the whole run's.
    if let Some(filter) = filter() {
        let _ = write!(title, ", only `{filter}`");
    }
    let section = page::Section {
        title,
        machine: &machine,
        command,
        runs,
        means,
        targets,
        pairs,
    };
    let mut pages = vec![output.join("BENCHMARKS.md")];
    // A relative path is the repository's: the benchmark runs in the package's folder.
    let repository = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    pages.extend(std::env::var_os("BENCHMARKS_MD").map(|path| repository.join(path)));
    for path in pages {
        match page::write(&path, &section) {
            Ok(()) => println!("(section written into {})", path.display()),
            Err(e) => eprintln!("compare: {}: {e}", path.display()),
        }
    }
}

/// The filter given to criterion (its one positional argument), if any.
fn filter() -> Option<String> {
    // Criterion's options that take a value: the value is not the filter.
    const WITH_VALUE: &[&str] = &[
        "--save-baseline",
        "-s",
        "--baseline",
        "-b",
        "--baseline-lenient",
        "--load-baseline",
        "--color",
        "-c",
        "--format",
        "--sample-size",
        "--warm-up-time",
        "--measurement-time",
        "--nresamples",
        "--noise-threshold",
        "--confidence-level",
        "--significance-level",
        "--profile-time",
        "--plotting-backend",
        "--output-format",
    ];
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if WITH_VALUE.contains(&arg.as_str()) {
            args.next();
        } else if !arg.starts_with('-') {
            return Some(arg);
        }
    }
    None
}

/// Where criterion writes: `$CRITERION_HOME`, else `criterion` in the target folder that this
/// benchmark runs from (`{target}/{profile}/deps/compare-{hash}`).
fn output_directory() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let exe = std::env::current_exe().ok();
    let target = exe
        .as_deref()
        .and_then(|exe| exe.parent()?.parent()?.parent());
    target.map_or_else(
        || "target/criterion".into(),
        |target| target.join("criterion"),
    )
}

/// The saved runs that `COMPARE_RUNS` lists.
fn saved_runs() -> Vec<Results> {
    let Some(list) = std::env::var_os("COMPARE_RUNS") else {
        return Vec::new();
    };
    std::env::split_paths(&list)
        .filter_map(|path| {
            let results = Results::read(&path, None);
            if results.is_empty() {
                eprintln!(
                    "compare: COMPARE_RUNS: no criterion results in {}",
                    path.display()
                );
                return None;
            }
            Some(results)
        })
        .collect()
}
