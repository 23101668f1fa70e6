//! The constant-memory check: an input of 1 GiB, made on the fly and piped in (never
//! stored), goes through the tool with a peak resident set size under 16 MiB, its output
//! checked as it comes.
//!
//! The peak is the kernel's own count for the child, `ru_maxrss` from
//! getrusage(RUSAGE_CHILDREN) once the child has been waited for: exact over the child's
//! whole life, where sampling /proc/PID/status (VmHWM) would have to race the child's exit.
//! It counts every child the process has waited for, so each test file that uses this holds
//! this one test: the test binary's only child is the one measured.

use std::io::{Read, Write};
use std::time::Instant;

use nix::sys::resource::{getrusage, UsageWho};

const GIB: u64 = 1 << 30;
const LIMIT_KIB: i64 = 16 * 1024;

/// Runs the tool with `args` on copies of `block` (1 GiB in all); its output must be `head`
/// then `cycle` once per copy. `what` names the input and output in the message.
pub fn streams_a_gibibyte(args: &[&str], block: Vec<u8>, head: &[u8], cycle: &[u8], what: &str) {
    let copies = GIB.div_ceil(block.len() as u64);
    let input_bytes = copies * block.len() as u64;

    let started = Instant::now();
    let mut child = super::spawn(args);
    let mut stdin = child.stdin.take().expect("a pipe");
    let writer = std::thread::spawn(move || {
        for _ in 0..copies {
            stdin
                .write_all(&block)
                .expect("the tool reads all of its input");
        }
    });

    // The output, checked against the expected bytes as it comes: `expected` is the head, then
    // the cycle from `position` on.
    let mut stdout = child.stdout.take().expect("a pipe");
    let mut buffer = vec![0; 1 << 16];
    let mut expected = head;
    let mut position = 0usize;
    let mut total = 0u64;
    loop {
        let n = stdout.read(&mut buffer).expect("the tool's output");
        if n == 0 {
            break;
        }
        let mut got = &buffer[..n];
        while !got.is_empty() {
            if expected.is_empty() {
                expected = &cycle[position..];
            }
            let len = got.len().min(expected.len());
            assert!(
                got[..len] == expected[..len],
                "output bytes {total} to {}",
                total + len as u64
            );
            got = &got[len..];
            expected = &expected[len..];
            position = (cycle.len() - expected.len()) % cycle.len();
            total += len as u64;
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
    assert_eq!(total, head.len() as u64 + copies * cycle.len() as u64);

    let peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN)
        .expect("getrusage")
        .max_rss();
    let mib = input_bytes as f64 / (1 << 20) as f64;
    eprintln!(
        "{input_bytes} bytes of {what} in {:.1} s ({:.0} MiB/s, output checked); peak RSS {peak_kib} KiB",
        elapsed.as_secs_f64(),
        mib / elapsed.as_secs_f64(),
    );
    assert!(peak_kib < LIMIT_KIB, "peak RSS {peak_kib} KiB, over 16 MiB");
}
