//! A hostile Content-Type value costs time in proportion to its length: callgrind counts the
//! instructions of `content_type_charset` on values of 1 MiB and of 2 MiB (long runs of
//! quotes, semicolons, `charset=`, escapes), and the second count must be at most 2.2 times
//! the first. Instruction counts do not depend on the machine's load, as times would.
//!
//! A test without libtest's harness: run without arguments it is the test, and runs itself
//! under valgrind with `WORKER=case:length` to measure one value. Without valgrind it says so
//! and passes (CI machines have it).

use std::process::Command;

/// The most the count may grow when the value's length doubles.
const BOUND: f64 = 2.2;

/// The hostile values, each a prefix and a piece repeated to the length.
const CASES: &[(&str, &str, &str)] = &[
    ("quotes", "text/html;", "\""),
    ("a quoted run of quotes", "text/html;charset=\"", "\"\""),
    ("semicolons", "text/html", ";"),
    ("charset=", "text/html;", "charset="),
    (";charset=", "text/html", ";charset="),
    ("escapes", "text/html;charset=\"", "\\\""),
    ("spaces", "text/html;charset=\" ", " "),
];

const MIB: usize = 1 << 20;

/// The instructions measured: this function, not inlined, is what callgrind counts.
#[inline(never)]
fn measured_content_type_charset(value: &[u8]) -> Option<&'static whatwg_encoding::Encoding> {
    whatwg_encoding::sniff::content_type_charset(std::hint::black_box(value))
}

fn value(case: usize, length: usize) -> Vec<u8> {
    let (_, prefix, piece) = CASES[case];
    let mut value = prefix.as_bytes().to_vec();
    while value.len() < length {
        value.extend_from_slice(piece.as_bytes());
    }
    value.truncate(length);
    value
}

/// Callgrind's count of the measured function's instructions for case `case` at `length`.
fn instructions(case: usize, length: usize) -> u64 {
    let dir = std::env::temp_dir().join(format!("content-type-linear-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let out = dir.join(format!("{case}-{length}.out"));
    let status = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg("--toggle-collect=*measured_content_type_charset*")
        .arg(std::env::current_exe().expect("this test's path"))
        .env("WORKER", format!("{case}:{length}"))
        .output()
        .expect("valgrind runs");
    assert!(
        status.status.success(),
        "valgrind: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    let text = std::fs::read_to_string(&out).expect("callgrind's output");
    let _ = std::fs::remove_dir_all(&dir);
    // "summary: N" (or "totals: N") is the count of the collected events, instructions.
    text.lines()
        .find_map(|line| {
            line.strip_prefix("summary: ")
                .or_else(|| line.strip_prefix("totals: "))
        })
        .and_then(|count| count.trim().parse().ok())
        .expect("a total in callgrind's output")
}

fn main() {
    if let Ok(worker) = std::env::var("WORKER") {
        let (case, length) = worker.split_once(':').expect("case:length");
        let value = value(case.parse().unwrap(), length.parse().unwrap());
        std::hint::black_box(measured_content_type_charset(&value));
        return;
    }
    if Command::new("valgrind").arg("--version").output().is_err() {
        println!("content_type_linear: skipped: valgrind is not installed (CI has it)");
        return;
    }
    let mut failures = Vec::new();
    for (case, &(name, _, _)) in CASES.iter().enumerate() {
        let one = instructions(case, MIB);
        let two = instructions(case, 2 * MIB);
        let ratio = two as f64 / one as f64;
        println!(
            "content_type_linear: {name}: {one} instructions at 1 MiB, {two} at 2 MiB: {ratio:.3}"
        );
        // A count too small means the function was not measured (a ratio of NaN fails too).
        if ratio.is_nan() || ratio > BOUND || one < MIB as u64 / 4 {
            failures.push(format!("{name}: {ratio:.3} (bound {BOUND})"));
        }
    }
    assert!(failures.is_empty(), "not linear: {}", failures.join("; "));
    println!(
        "content_type_linear: {} cases, every ratio at most {BOUND}",
        CASES.len()
    );
}
