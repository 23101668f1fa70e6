//! The tool streams: an input of 1 GiB, made on the fly and piped in (never stored), goes
//! through with a peak resident set size under 16 MiB.
//!
//! The peak is the kernel's own count for the child, `ru_maxrss` from
//! getrusage(RUSAGE_CHILDREN) once the child has been waited for: exact over the child's
//! whole life, where sampling /proc/PID/status (VmHWM) would have to race the child's exit.
//! This file holds this one test, so that the test binary's only child is the one measured.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use nix::sys::resource::{getrusage, UsageWho};

const GIB: u64 = 1 << 30;
const LIMIT_KIB: i64 = 16 * 1024;

#[test]
fn a_gibibyte_streams_in_constant_memory() {
    // About 64 KiB of Japanese text with ASCII, in Shift_JIS; its UTF-8 is what must come out.
    let text =
        "火星は太陽系の第4惑星 (Mars, the fourth planet), 地球型惑星に分類される。\n".repeat(600);
    let (sjis, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&text);
    assert!(!unmappable);
    let block = sjis.into_owned();
    let expected = text.into_bytes();
    let copies = GIB.div_ceil(block.len() as u64);
    let input_bytes = copies * block.len() as u64;

    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_whatwg-transcode"))
        .args(["-f", "shift_jis", "--fatal"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let writer = std::thread::spawn(move || {
        for _ in 0..copies {
            stdin
                .write_all(&block)
                .expect("the tool reads all of its input");
        }
    });

    // The output, checked against the expected text as it comes.
    let mut stdout = child.stdout.take().expect("a pipe");
    let mut buffer = vec![0; 1 << 16];
    let mut position = 0usize;
    let mut total = 0u64;
    loop {
        let n = stdout.read(&mut buffer).expect("the tool's output");
        if n == 0 {
            break;
        }
        for &byte in &buffer[..n] {
            assert_eq!(byte, expected[position], "output byte {total}");
            position = (position + 1) % expected.len();
            total += 1;
        }
    }
    writer.join().expect("the writer thread");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("a pipe")
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().expect("the tool finishes");
    let elapsed = started.elapsed();
    assert!(status.success(), "{stderr}");
    assert_eq!(total, copies * expected.len() as u64);

    let peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN)
        .expect("getrusage")
        .max_rss();
    let mib = input_bytes as f64 / (1 << 20) as f64;
    eprintln!(
        "{input_bytes} bytes of Shift_JIS in {:.1} s ({:.0} MiB/s, output checked); peak RSS {peak_kib} KiB",
        elapsed.as_secs_f64(),
        mib / elapsed.as_secs_f64(),
    );
    assert!(peak_kib < LIMIT_KIB, "peak RSS {peak_kib} KiB, over 16 MiB");
}
