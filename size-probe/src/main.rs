//! Reads bytes from the file named on the command line (or stdin), does one job with an
//! encoding library, and writes the result to stdout, so that nothing is optimised away.
//! Which job, and which library, are Cargo features; `measure.sh` builds each combination.
//!
//! Usage: `size-probe [FILE]`, or `size-probe LABEL [FILE]` for the configurations that pick
//! the encoding at run time (`japanese`, `all-decode`, `all-encode`, `all`). A job that
//! decodes and encodes writes the decoded text, then the text encoded again; `all-encode`
//! reads UTF-8 and writes it encoded.

#![forbid(unsafe_code)]

use std::io::{Read, Write};

#[cfg(feature = "encoding_rs")]
use encoding_rs as library;
#[cfg(feature = "ours")]
use whatwg_encoding as library;

const LIBRARIES: usize = cfg!(feature = "ours") as usize + cfg!(feature = "encoding_rs") as usize;
const _: () = assert!(
    LIBRARIES == 1,
    "enable exactly one of the features `ours` and `encoding_rs`"
);

const JOBS: usize = cfg!(feature = "empty") as usize
    + cfg!(feature = "utf8") as usize
    + cfg!(feature = "windows-1252") as usize
    + cfg!(feature = "shift_jis") as usize
    + cfg!(feature = "japanese") as usize
    + cfg!(feature = "all-decode") as usize
    + cfg!(feature = "all-encode") as usize
    + cfg!(feature = "all") as usize
    + cfg!(feature = "all-std") as usize;
const _: () = assert!(
    JOBS == 1,
    "enable exactly one of the features empty, utf8, windows-1252, shift_jis, japanese, \
     all-decode, all-encode, all and all-std"
);

/// Whether the job takes the encoding's label as its first argument.
const TAKES_LABEL: bool = cfg!(feature = "japanese")
    || cfg!(feature = "all-decode")
    || cfg!(feature = "all-encode")
    || cfg!(feature = "all")
    || cfg!(feature = "all-std");

fn main() {
    let mut args = std::env::args_os().skip(1);
    let label = if TAKES_LABEL {
        match args.next() {
            Some(label) => label.into_encoded_bytes(),
            None => fail("usage: size-probe LABEL [FILE]"),
        }
    } else {
        Vec::new()
    };
    let mut input = Vec::new();
    let read = match args.next() {
        Some(path) => std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut input)),
        None => std::io::stdin().lock().read_to_end(&mut input),
    };
    if let Err(e) = read {
        fail(&format!("size-probe: cannot read the input: {e}"));
    }
    let mut out = std::io::stdout().lock();
    let written = job(&label, &input, &mut out).and_then(|()| out.flush());
    if let Err(e) = written {
        fail(&format!("size-probe: cannot write the output: {e}"));
    }
}

fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(2)
}

/// The baseline: the same reading and writing, and no encoding.
#[cfg(feature = "empty")]
fn job(_label: &[u8], input: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    out.write_all(input)
}

#[cfg(feature = "utf8")]
fn job(_label: &[u8], input: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    let (text, _) = library::UTF_8.decode_with_bom_removal(input);
    out.write_all(text.as_bytes())
}

#[cfg(feature = "windows-1252")]
fn job(_label: &[u8], input: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    round_trip(library::WINDOWS_1252, input, out)
}

#[cfg(feature = "shift_jis")]
fn job(_label: &[u8], input: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    round_trip(library::SHIFT_JIS, input, out)
}

/// The same code for both libraries: encoding_rs's `for_label` can return any encoding, ours
/// only those whose features are enabled.
#[cfg(feature = "japanese")]
fn job(label: &[u8], input: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    match library::Encoding::for_label(label) {
        Some(e) if matches!(e.name(), "Shift_JIS" | "EUC-JP" | "ISO-2022-JP") => {
            round_trip(e, input, out)
        }
        _ => fail("size-probe: not a label of a Japanese encoding"),
    }
}

#[cfg(feature = "all-decode")]
fn job(label: &[u8], input: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    let Some(encoding) = library::Encoding::for_label(label) else {
        fail("size-probe: unknown label");
    };
    let (text, _, _) = encoding.decode(input);
    out.write_all(text.as_bytes())
}

#[cfg(feature = "all-encode")]
fn job(label: &[u8], input: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    let Some(encoding) = library::Encoding::for_label(label) else {
        fail("size-probe: unknown label");
    };
    let Ok(text) = std::str::from_utf8(input) else {
        fail("size-probe: the input is not UTF-8");
    };
    let (bytes, _, _) = encoding.encode(text);
    out.write_all(&bytes)
}

/// `all-std` is the same job, with the crate's default features.
#[cfg(any(feature = "all", feature = "all-std"))]
fn job(label: &[u8], input: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    let Some(encoding) = library::Encoding::for_label(label) else {
        fail("size-probe: unknown label");
    };
    round_trip(encoding, input, out)
}

/// Decodes `input`, writes the text, encodes the text again and writes the bytes.
#[allow(dead_code)]
fn round_trip(
    encoding: &'static library::Encoding,
    input: &[u8],
    out: &mut impl Write,
) -> std::io::Result<()> {
    let (text, used, _) = encoding.decode(input);
    out.write_all(text.as_bytes())?;
    let (bytes, _, _) = used.encode(&text);
    out.write_all(&bytes)
}
