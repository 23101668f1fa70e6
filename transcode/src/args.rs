//! The command line.

use std::path::PathBuf;

use clap::Parser;

/// Transcode text between the encodings of the WHATWG Encoding Standard
/// (https://encoding.spec.whatwg.org/), in constant memory whatever the input's size.
///
/// Without --fatal, malformed input decodes to U+FFFD and characters the output encoding
/// cannot represent are written as numeric character references (&#8364;), as browsers do.
#[derive(Debug, Parser)]
#[command(name = "whatwg-transcode", version)]
pub struct Args {
    /// The input's encoding, by any of its labels (see --list). Default: a byte order mark's
    /// encoding (UTF-8, UTF-16LE or UTF-16BE), else UTF-8. With -f, the encoding's own byte
    /// order mark is removed and any other decoded as text.
    #[arg(short = 'f', long = "from", value_name = "LABEL")]
    pub from: Option<String>,

    /// The output's encoding, by any of its labels (see --list), UTF-16 included (outside
    /// the standard). Default: UTF-8.
    ///
    /// UTF-16LE and UTF-16BE (-t utf-16le, -t utf-16be; the label utf-16 names UTF-16LE) are
    /// an extension outside the standard, which defines no UTF-16 encoder: for programs that
    /// read UTF-16. They have no unmappable characters.
    #[arg(short = 't', long = "to", value_name = "LABEL")]
    pub to: Option<String>,

    /// Begin the output with a byte order mark (U+FEFF), which tells readers its encoding:
    /// for UTF-8, UTF-16LE and UTF-16BE output only (with any other -t, an error). Without
    /// it, no byte order mark is written.
    #[arg(long)]
    pub bom: bool,

    /// Stop at the first malformed sequence or unmappable character: report the file, the
    /// byte offset and the bytes (or the code point), exit with status 1, and leave no
    /// output file.
    #[arg(long)]
    pub fatal: bool,

    /// Write to OUT (through a temporary file beside it, renamed at the end) instead of
    /// standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,

    // --sniff, --content-type, --parent, --locale, --autodetect, -v, --print-encoding.
    #[command(flatten)]
    pub sniff: crate::sniffing::SniffArgs,

    /// Print every encoding with its labels, and exit.
    #[arg(long, exclusive = true)]
    pub list: bool,

    /// The input files, transcoded one after the other; none or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}
