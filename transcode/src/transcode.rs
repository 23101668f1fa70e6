//! The run: each input through a DecodeReader into one EncodeWriter (section 6.1's "decode"
//! then "encode", streamed) or UTF-16 writer, with fixed buffers whatever the size of the
//! input.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use indicatif::ProgressBar;
use whatwg_encoding::io::{
    BomHandling, DecodeReader, DecodeReaderBuilder, MalformedSequence, UnmappableCharacter,
};
use whatwg_encoding::sniff::Format;
use whatwg_encoding::{Decoder, Encoding, UTF_8};

use crate::args::Args;
use crate::failure::Failure;
use crate::labels::{encoding_for, output_target_for};
use crate::locate::locate;
use crate::output::Output;
use crate::progress;
use crate::sink::{Sink, Target};
use crate::sniffing::{self, Chosen, Sniffing};
use crate::whole::{self, Ended};

/// The size of the buffer between the reader and the writer.
const COPY_BUFFER: usize = 64 * 1024;

/// One input: a file, or standard input (no FILE, or `-`).
enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File(path) => path.display().to_string(),
        }
    }
}

/// A reader that decodes an input.
type Decoded = DecodeReader<Box<dyn Read>>;

/// How every input is decoded: `-f`'s encoding with its own byte order mark removed, or
/// (with `--sniff`) the encoding the standard's sniffing chooses, or a byte order mark's
/// encoding, else UTF-8.
#[derive(Clone, Copy)]
struct Decoding {
    from: Option<&'static Encoding>,
    fatal: bool,
    sniffing: Option<Sniffing>,
}

impl Decoding {
    /// A reader of `reader`, which is `input`.
    fn reader<R: Read>(self, reader: R, input: &Input) -> Result<DecodeReader<R>, Failure> {
        let builder = DecodeReaderBuilder::new().fatal(self.fatal);
        let builder = match (self.from, self.sniffing) {
            (Some(encoding), _) => builder.encoding(encoding).bom(BomHandling::Remove),
            (None, Some(sniffing)) => {
                let file = match input {
                    Input::File(path) => Some(path.as_path()),
                    Input::Stdin => None,
                };
                let options = sniffing.options_for(file).map_err(|error| Failure::Io {
                    what: input.name(),
                    error,
                })?;
                builder.sniff(sniffing.format, options)
            }
            (None, None) => builder,
        };
        Ok(builder.build(reader))
    }

    /// With `--sniff html`: the page's answer, found before the text is read (see
    /// `whole`), and a reader of the input from its start that decodes with it.
    fn whole_document(
        self,
        input: &Input,
        wrap: impl FnOnce(Box<dyn Read>) -> Box<dyn Read>,
    ) -> Result<Option<(Decoded, Ended)>, Failure> {
        let Some(sniffing) = self.sniffing.filter(|s| s.format == Format::Html) else {
            return Ok(None);
        };
        if self.from.is_some() {
            return Ok(None);
        }
        let failure = |error| Failure::Io {
            what: input.name(),
            error,
        };
        let (ended, reader): (Ended, Box<dyn Read>) = match input {
            Input::File(path) => {
                let options = sniffing.options_for(Some(path)).map_err(failure)?;
                let ended = whole::file(path, options).map_err(failure)?;
                (ended, open(input)?)
            }
            Input::Stdin => {
                let options = sniffing.options_for(None).map_err(failure)?;
                let (ended, reader) = whole::stdin(io::stdin().lock(), options).map_err(failure)?;
                (ended, Box::new(reader))
            }
        };
        // Section 6.1's "decode" with the answer's encoding: a byte order mark is the one
        // that chose it, or there is none.
        let reader = DecodeReaderBuilder::new()
            .fatal(self.fatal)
            .encoding(ended.sniffed.encoding)
            .build(wrap(reader));
        Ok(Some((reader, ended)))
    }

    /// What chose the encoding of `reader`, which has decided it.
    fn chosen<R: Read>(self, reader: &DecodeReader<R>) -> Chosen {
        let encoding = reader.encoding().unwrap_or(UTF_8);
        match (self.from, reader.sniffed()) {
            (Some(encoding), _) => Chosen::From(encoding),
            (None, Some(sniffed)) => Chosen::Sniffed(sniffed),
            (None, None) if reader.position() > 0 => Chosen::ByteOrderMark(encoding),
            (None, None) => Chosen::Default(encoding),
        }
    }

    /// A decoder that decodes as the reader that chose `chosen` does.
    fn decoder(self, chosen: Chosen) -> Decoder {
        match (self.from, chosen) {
            (Some(encoding), _) => encoding.new_decoder_with_bom_removal(),
            // Section 6.1's "decode" with the chosen encoding: a byte order mark is the one
            // that chose it, or there is none.
            (None, chosen) => chosen.encoding().new_decoder(),
        }
    }
}

/// Transcodes every input to the output, in order.
pub fn run(args: &Args) -> Result<(), Failure> {
    let from = args
        .from
        .as_deref()
        .map(|label| encoding_for("-f", label))
        .transpose()?;
    let to = match args.to.as_deref() {
        Some(label) => output_target_for(label)?,
        None => Target::Encoder(UTF_8),
    };
    if args.bom && !to.has_bom() {
        return Err(Failure::Usage(format!(
            "--bom: {} has no byte order mark; BOM sniffing (section 6.1) recognises only \
             UTF-8's, UTF-16LE's and UTF-16BE's",
            to.name()
        )));
    }
    let decoding = Decoding {
        from,
        fatal: args.fatal,
        sniffing: sniffing::sniffing(&args.sniff)?,
    };
    let inputs = inputs(&args.files);
    if args.sniff.print_encoding {
        return print_encodings(&inputs, decoding, args);
    }
    let bar = progress::bar(total_size(&inputs)?);

    let output = Output::open(args.output.as_deref())?;
    let described = output.describe();
    let mut writer = Sink::new(output, to, args.fatal);
    if args.bom {
        // U+FEFF in the output encoding is its byte order mark.
        writer
            .write_str("\u{FEFF}")
            .map_err(|error| write_failure(error, &described))?;
    }
    for input in &inputs {
        transcode(input, decoding, &mut writer, &bar, &described, args)?;
    }
    let output = writer
        .finish()
        .map_err(|error| write_failure(error, &described))?;
    output.commit()?;
    bar.finish_and_clear();
    Ok(())
}

fn inputs(files: &[PathBuf]) -> Vec<Input> {
    if files.is_empty() {
        return vec![Input::Stdin];
    }
    files
        .iter()
        .map(|file| match file.to_str() {
            Some("-") => Input::Stdin,
            _ => Input::File(file.clone()),
        })
        .collect()
}

/// The inputs' total size, if every one is a file; a missing file fails here, before any
/// output is made.
fn total_size(inputs: &[Input]) -> Result<Option<u64>, Failure> {
    let mut total = Some(0u64);
    for input in inputs {
        let size = match input {
            Input::Stdin => None,
            Input::File(path) => {
                let metadata = std::fs::metadata(path).map_err(|error| Failure::Io {
                    what: input.name(),
                    error,
                })?;
                metadata.is_file().then_some(metadata.len())
            }
        };
        total = total.zip(size).map(|(total, size)| total + size);
    }
    Ok(total)
}

/// `--print-encoding`: each input's encoding on a line of its own (and with `-v`, why, on
/// standard error), without transcoding.
fn print_encodings(inputs: &[Input], decoding: Decoding, args: &Args) -> Result<(), Failure> {
    for input in inputs {
        let (mut reader, ended) = open_decoded(input, decoding, |reader| reader)?;
        let chosen = decide(&mut reader, decoding, ended, input, args)?;
        sniffing::print_encoding(chosen.encoding())?;
    }
    Ok(())
}

/// A reader of `input` (through `wrap`) that decodes it as the command line says, with the
/// page's answer for `--sniff html`.
fn open_decoded(
    input: &Input,
    decoding: Decoding,
    wrap: impl FnOnce(Box<dyn Read>) -> Box<dyn Read>,
) -> Result<(Decoded, Option<Ended>), Failure> {
    let mut wrap = Some(wrap);
    if let Some((reader, ended)) =
        decoding.whole_document(input, |reader| (wrap.take().expect("once"))(reader))?
    {
        return Ok((reader, Some(ended)));
    }
    let wrap = wrap.take().expect("not used");
    Ok((decoding.reader(wrap(open(input)?), input)?, None))
}

/// An input, opened.
fn open(input: &Input) -> Result<Box<dyn Read>, Failure> {
    Ok(match input {
        Input::Stdin => Box::new(io::stdin().lock()),
        Input::File(path) => Box::new(File::open(path).map_err(|error| Failure::Io {
            what: input.name(),
            error,
        })?),
    })
}

/// Reads as much of `reader` as choosing its encoding takes; with `-v`, says what chose it.
fn decide<R: Read>(
    reader: &mut DecodeReader<R>,
    decoding: Decoding,
    ended: Option<Ended>,
    input: &Input,
    args: &Args,
) -> Result<Chosen, Failure> {
    reader
        .determine_encoding()
        .map_err(|error| read_failure(error, input))?;
    let chosen = match ended {
        Some(ended) => Chosen::Sniffed(ended.sniffed),
        None => decoding.chosen(reader),
    };
    if args.sniff.verbose {
        let held_back = ended.is_some_and(|ended| ended.held_back);
        let line = sniffing::describe(
            &input.name(),
            chosen,
            args.sniff.locale.as_deref(),
            held_back,
        );
        eprintln!("whatwg-transcode: {line}");
    }
    Ok(chosen)
}

/// Copies one input, decoded, into the writer.
fn transcode(
    input: &Input,
    decoding: Decoding,
    writer: &mut Sink,
    bar: &ProgressBar,
    described: &str,
    args: &Args,
) -> Result<(), Failure> {
    let (mut reader, ended) =
        open_decoded(input, decoding, |reader| Box::new(bar.wrap_read(reader)))?;
    let chosen = decide(&mut reader, decoding, ended, input, args)?;
    let start = writer.position();
    // Text, not bytes, between the two: the decoder's output is UTF-8 by construction, so the
    // writer need not check it again.
    let mut text = String::with_capacity(COPY_BUFFER);
    loop {
        text.clear();
        match reader.read_str(&mut text) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(read_failure(error, input)),
        }
        if let Err(error) = writer.write_str(&text) {
            let Some(character) = unmappable(&error) else {
                return Err(write_failure(error, described));
            };
            let at = where_in(
                input,
                || decoding.decoder(chosen),
                character.offset() - start,
            );
            return Err(Failure::Unmappable {
                file: input.name(),
                character,
                at,
            });
        }
    }
}

fn read_failure(error: io::Error, input: &Input) -> Failure {
    match error
        .get_ref()
        .and_then(|e| e.downcast_ref::<MalformedSequence>())
    {
        Some(sequence) => Failure::Malformed {
            file: input.name(),
            sequence: sequence.clone(),
        },
        None => Failure::Io {
            what: format!("reading {}", input.name()),
            error,
        },
    }
}

fn write_failure(error: io::Error, described: &str) -> Failure {
    Failure::Io {
        what: format!("writing {described}"),
        error,
    }
}

fn unmappable(error: &io::Error) -> Option<UnmappableCharacter> {
    error
        .get_ref()?
        .downcast_ref::<UnmappableCharacter>()
        .cloned()
}

/// Where the character at `decoded_offset` of an input's decoded text is: in a file, its
/// byte offset and bytes in the input; from standard input, which cannot be read again, its
/// offset in the decoded text.
fn where_in(input: &Input, decoder: impl Fn() -> Decoder, decoded_offset: u64) -> String {
    let in_decoded_text = format!("at byte offset {decoded_offset} of the decoded text");
    let Input::File(path) = input else {
        return in_decoded_text;
    };
    match locate(Path::new(path), decoder, decoded_offset) {
        Ok(Some((offset, bytes))) => {
            let bytes: Vec<String> = bytes.iter().map(|b| format!("0x{b:02X}")).collect();
            format!("at byte offset {offset} ({})", bytes.join(" "))
        }
        _ => in_decoded_text,
    }
}
