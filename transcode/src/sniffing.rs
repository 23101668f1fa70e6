//! `--sniff html|xml|css` and its options: which encoding each input is in, as the web's
//! standards decide it (whatwg_encoding::sniff), and `-v` / `--print-encoding`, which say it.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use clap::{Args, ValueEnum};
use whatwg_encoding::sniff::{Autodetect, Format, Rule, SniffOptions, Sniffed, Utf8Autodetect};
use whatwg_encoding::{DecoderResult, Encoding, UTF_8};

use crate::failure::Failure;
use crate::labels::encoding_for;

/// The sniffing options of the command line.
#[derive(Debug, Args)]
pub struct SniffArgs {
    /// Choose each input's encoding as the standard for FORMAT says, instead of -f: html (a
    /// byte order mark, --content-type's charset, a <meta charset> or <meta
    /// http-equiv=content-type> in the first 1024 bytes, an XML declaration, --parent,
    /// --autodetect, the default for --locale; then, unless one of the first three decided,
    /// the first <meta> declaring an encoding that the HTML parser meets later, as a browser
    /// changes the encoding while parsing: a file is read to that <meta> or its end, then
    /// again from its start; standard input is held up to 1 MiB, past which the answer so
    /// far stands), xml (a byte order mark, the charset, the XML declaration, else UTF-8) or
    /// css (a byte order mark, the charset, @charset "…";, --parent, else UTF-8).
    #[arg(long, value_name = "FORMAT", conflicts_with = "from")]
    pub sniff: Option<SniffFormat>,

    /// The Content-Type the inputs came with, e.g. "text/html; charset=koi8-r": its charset
    /// (read as MIME Sniffing's "parse a MIME type" does) is the transport layer's encoding,
    /// which wins over what the bytes say but a byte order mark.
    #[arg(long, value_name = "VALUE", requires = "sniff")]
    pub content_type: Option<String>,

    /// The encoding of the parent document, by any label: HTML uses it when the bytes declare
    /// nothing (a same-origin frame's parent; UTF-16 is not used), CSS as the referring
    /// document's environment encoding.
    #[arg(long, value_name = "LABEL", requires = "sniff")]
    pub parent: Option<String>,

    /// The user's locale for HTML's default encoding, as a language tag (ja, zh-TW,
    /// zh-Hant-HK) or a POSIX locale (ja_JP.UTF-8). Default: the HTML Standard's "all other
    /// locales", windows-1252.
    #[arg(long, value_name = "TAG", requires = "sniff")]
    pub locale: Option<String>,

    /// HTML: when the bytes declare nothing, take valid UTF-8 with some non-ASCII as UTF-8
    /// (the HTML Standard's suggestion for local files). A file is checked whole (it is read
    /// twice); standard input, in its first 1024 bytes.
    #[arg(long, requires = "sniff")]
    pub autodetect: bool,

    /// Say on standard error which encoding each input is decoded with, and what chose it
    /// (the rule, and the byte offset of a deciding <meta>).
    #[arg(short = 'v', long)]
    pub verbose: bool,

    /// Print the name of each input's encoding, one line each, and exit without transcoding.
    #[arg(long, conflicts_with_all = ["output", "to", "bom"])]
    pub print_encoding: bool,
}

/// The formats of `--sniff`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SniffFormat {
    Html,
    Xml,
    Css,
}

impl SniffFormat {
    fn format(self) -> Format {
        match self {
            SniffFormat::Html => Format::Html,
            SniffFormat::Xml => Format::Xml,
            SniffFormat::Css => Format::Css,
        }
    }
}

/// How the inputs are sniffed: the format and the options common to every input.
#[derive(Clone, Copy, Debug)]
pub struct Sniffing {
    pub format: Format,
    pub options: SniffOptions,
    /// `--autodetect`: decided for each input (a whole file, or the first bytes).
    autodetect: bool,
}

/// The sniffing the command line asks for, or None without `--sniff`.
pub fn sniffing(args: &SniffArgs) -> Result<Option<Sniffing>, Failure> {
    let Some(format) = args.sniff else {
        return Ok(None);
    };
    let mut options = SniffOptions::new().locale(args.locale.as_deref());
    if let Some(value) = &args.content_type {
        options = options.content_type(value.as_bytes());
    }
    if let Some(label) = &args.parent {
        options = options.parent(Some(encoding_for("--parent", label)?));
    }
    Ok(Some(Sniffing {
        format: format.format(),
        options,
        autodetect: args.autodetect,
    }))
}

/// The whole file's verdict, given to the sniffing as its detector: valid UTF-8 with some
/// non-ASCII.
struct WholeFileIsUtf8;

impl Autodetect for WholeFileIsUtf8 {
    fn autodetect(&self, _bytes: &[u8], _end: bool) -> Option<&'static Encoding> {
        Some(UTF_8)
    }
}

impl Sniffing {
    /// The options for one input: with `--autodetect`, a file is checked whole first.
    pub fn options_for(&self, file: Option<&Path>) -> io::Result<SniffOptions> {
        if !self.autodetect {
            return Ok(self.options);
        }
        let detector: Option<&'static dyn Autodetect> = match file {
            None => Some(&Utf8Autodetect),
            Some(path) => is_utf8_with_non_ascii(path)?.then_some(&WholeFileIsUtf8),
        };
        Ok(self.options.autodetect(detector))
    }
}

/// Whether the file at `path` is valid UTF-8 with at least one byte that is not ASCII, read
/// a buffer at a time.
fn is_utf8_with_non_ascii(path: &Path) -> io::Result<bool> {
    let mut file = File::open(path)?;
    let mut decoder = UTF_8.new_decoder_without_bom_handling();
    let mut input = vec![0; 64 * 1024];
    let mut output = vec![0; 64 * 1024 + 16];
    let mut non_ascii = false;
    loop {
        let n = match file.read(&mut input) {
            Ok(n) => n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        let mut src = input.get(..n).unwrap_or_default();
        non_ascii |= Encoding::ascii_valid_up_to(src) < src.len();
        loop {
            let (result, read, _) =
                decoder.decode_to_utf8_without_replacement(src, &mut output, n == 0);
            src = src.get(read..).unwrap_or_default();
            match result {
                DecoderResult::Malformed(..) => return Ok(false),
                DecoderResult::OutputFull => continue,
                DecoderResult::InputEmpty => break,
            }
        }
        if n == 0 {
            return Ok(non_ascii);
        }
    }
}

/// `-v`'s line for an input: its name, the encoding and what chose it (`held_back`: the page
/// was followed only through the first bytes of standard input that `--sniff html` holds).
pub fn describe(name: &str, chosen: Chosen, locale: Option<&str>, held_back: bool) -> String {
    let why = match chosen {
        Chosen::Sniffed(sniffed) => {
            let detail = match (sniffed.rule, locale) {
                (Rule::TransportLayer, _) => " (--content-type)".to_owned(),
                (Rule::Parent, _) => " (--parent)".to_owned(),
                (Rule::Default, Some(locale)) => format!(" for --locale {locale}"),
                _ => String::new(),
            };
            let held_back = if held_back {
                format!(
                    " (the answer for the first {} bytes of standard input: a <meta> after them is not looked for)",
                    crate::whole::STDIN_HOLD
                )
            } else {
                String::new()
            };
            format!("{sniffed}{detail}{held_back}")
        }
        Chosen::From(encoding) => format!("{}, by -f", encoding.name()),
        Chosen::ByteOrderMark(encoding) => format!("{}, by a byte order mark", encoding.name()),
        Chosen::Default(encoding) => {
            format!("{}, the default without -f or --sniff", encoding.name())
        }
    };
    format!("{name}: {why}")
}

/// What chose an input's encoding.
#[derive(Clone, Copy, Debug)]
pub enum Chosen {
    /// `--sniff`, and its answer.
    Sniffed(Sniffed),
    /// `-f`.
    From(&'static Encoding),
    /// A byte order mark, without `-f` or `--sniff`.
    ByteOrderMark(&'static Encoding),
    /// Nothing: UTF-8.
    Default(&'static Encoding),
}

impl Chosen {
    /// The encoding chosen.
    pub fn encoding(self) -> &'static Encoding {
        match self {
            Chosen::Sniffed(sniffed) => sniffed.encoding,
            Chosen::From(encoding)
            | Chosen::ByteOrderMark(encoding)
            | Chosen::Default(encoding) => encoding,
        }
    }
}

/// `--print-encoding`'s line.
pub fn print_encoding(encoding: &'static Encoding) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{}", encoding.name()).map_err(|error| Failure::Io {
        what: "writing standard output".to_owned(),
        error,
    })
}
