//! [`DecodeReader`]: any encoding in, UTF-8 out, through [`std::io::Read`].

use std::boxed::Box;
use std::fmt;
use std::io::{self, Read};
use std::string::String;
use std::vec;

#[cfg(feature = "sniff")]
use super::errors::EncodingChangeNeedsReparse;
use super::errors::MalformedSequence;
use super::history::History;
use super::{DEFAULT_BUFFER_SIZE, MIN_BUFFER_SIZE};
#[cfg(feature = "sniff")]
use crate::sniff::{
    Confidence, EncodingChange, Following, Format, Progress, Rule, SniffOptions, Sniffed, Step,
    PRESCAN_LENGTH,
};
use crate::{CoderResult, Decoder, DecoderResult, Encoding, UTF_8};

/// What a [`DecodeReader`] does with a byte order mark at the start of its input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BomHandling {
    /// Section 6.1, "decode": a UTF-8, UTF-16BE or UTF-16LE byte order mark wins over the
    /// reader's encoding, and is removed.
    #[default]
    Sniff,
    /// Remove the byte order mark of the reader's own encoding, as section 6's "UTF-8
    /// decode" does for UTF-8; any other is decoded as text.
    Remove,
    /// Decode a byte order mark as text (section 6's "UTF-8 decode without BOM").
    Off,
}

/// Options for a [`DecodeReader`]. In the terms of `encoding_rs_io`'s
/// `DecodeReaderBytesBuilder`:
///
/// | `encoding_rs_io` | here |
/// | --- | --- |
/// | `new()`: BOM sniffing, else bytes as they are | `utf8_passthru(true)`: BOM sniffing, else UTF-8 passed through |
/// | `encoding(Some(e))` | `encoding(e).bom(BomHandling::Remove)` |
/// | `bom_override(true)` | `bom(BomHandling::Sniff)` (the default) |
/// | `bom_sniffing(false)` | `bom(BomHandling::Off)` |
/// | `strip_bom(true)` | `Sniff` and `Remove` strip the mark they find |
/// | `utf8_passthru(true)` | `utf8_passthru(true)` |
/// | `build_with_buffer(r, buffer)` | `buffer_size(n).build(r)` |
///
/// and, beyond those, [`fatal`](DecodeReaderBuilder::fatal) and (feature `sniff`)
/// [`sniff`](DecodeReaderBuilder::sniff).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeReaderBuilder {
    encoding: &'static Encoding,
    bom: BomHandling,
    fatal: bool,
    utf8_passthru: bool,
    buffer_size: usize,
    #[cfg(feature = "sniff")]
    sniff: Option<(Format, SniffOptions)>,
    /// With `sniff`: follow the document to the encoding it ends with.
    #[cfg(feature = "sniff")]
    whole_document: bool,
}

impl Default for DecodeReaderBuilder {
    fn default() -> DecodeReaderBuilder {
        DecodeReaderBuilder {
            encoding: UTF_8,
            bom: BomHandling::Sniff,
            fatal: false,
            utf8_passthru: false,
            buffer_size: DEFAULT_BUFFER_SIZE,
            #[cfg(feature = "sniff")]
            sniff: None,
            #[cfg(feature = "sniff")]
            whole_document: false,
        }
    }
}

impl DecodeReaderBuilder {
    /// The defaults: UTF-8 unless a byte order mark says otherwise, malformed sequences as
    /// U+FFFD, a 32 KiB buffer.
    pub fn new() -> DecodeReaderBuilder {
        DecodeReaderBuilder::default()
    }

    /// The encoding to decode (with [`BomHandling::Sniff`], the fallback when the input has
    /// no byte order mark). UTF-8 by default.
    pub fn encoding(mut self, encoding: &'static Encoding) -> DecodeReaderBuilder {
        self.encoding = encoding;
        self
    }

    /// What to do with a byte order mark; [`BomHandling::Sniff`] by default.
    pub fn bom(mut self, bom: BomHandling) -> DecodeReaderBuilder {
        self.bom = bom;
        self
    }

    /// Stop at the first malformed sequence with an [`io::Error`] of kind
    /// [`InvalidData`](io::ErrorKind::InvalidData) holding a [`MalformedSequence`] (the
    /// "fatal" error mode) instead of decoding it to U+FFFD ("replacement", the default).
    /// The text before the sequence is read first; every read after the error gives it
    /// again.
    pub fn fatal(mut self, fatal: bool) -> DecodeReaderBuilder {
        self.fatal = fatal;
        self
    }

    /// When the input is UTF-8 (by its byte order mark or by the reader's encoding), pass
    /// its bytes through unchecked, malformed sequences and all: faster, for callers that
    /// handle invalid UTF-8 themselves. Ignored in the fatal error mode, which checks.
    pub fn utf8_passthru(mut self, passthru: bool) -> DecodeReaderBuilder {
        self.utf8_passthru = passthru;
        self
    }

    /// The size of the input buffer, the reader's only buffer that grows with a setting
    /// (at least 64 bytes; 32 KiB by default).
    pub fn buffer_size(mut self, size: usize) -> DecodeReaderBuilder {
        self.buffer_size = size.max(MIN_BUFFER_SIZE);
        self
    }

    /// Sniff the encoding of a document in `format` (HTML, XML or CSS) as its standard says,
    /// with `options` (the transport layer's charset, e.g.
    /// `SniffOptions::new().content_type(b"text/html; charset=…")`, the parent document's
    /// encoding, …): see [`crate::sniff`]. The reader reads until the sniffing answers (at
    /// most 1024 bytes, into its own buffer, which is then at least that large), and its
    /// decoder starts on those bytes: nothing is read twice. The sniffing looks for a byte
    /// order mark itself, so [`encoding`](DecodeReaderBuilder::encoding) and
    /// [`bom`](DecodeReaderBuilder::bom) are not used; [`DecodeReader::sniffed`] tells what
    /// it found and why.
    ///
    /// ```
    /// # #[cfg(feature = "windows-1251")]
    /// # fn main() -> std::io::Result<()> {
    /// use std::io::Read;
    /// use whatwg_encoding::io::DecodeReader;
    /// use whatwg_encoding::sniff::{Format, Rule, SniffOptions};
    ///
    /// let page = &b"<meta charset=windows-1251><p>\xcf\xf0\xe8\xe2\xe5\xf2"[..];
    /// let mut reader = DecodeReader::builder()
    ///     .sniff(Format::Html, SniffOptions::new().content_type(b"text/html"))
    ///     .build(page);
    /// let mut text = String::new();
    /// reader.read_to_string(&mut text)?;
    /// assert_eq!(text, "<meta charset=windows-1251><p>Привет");
    /// assert_eq!(reader.sniffed().unwrap().rule, Rule::Meta { offset: 0 });
    /// # Ok(())
    /// # }
    /// # #[cfg(not(feature = "windows-1251"))]
    /// # fn main() {}
    /// ```
    #[cfg(feature = "sniff")]
    pub fn sniff(mut self, format: Format, options: SniffOptions) -> DecodeReaderBuilder {
        self.sniff = Some((format, options));
        self
    }

    /// As [`sniff`](DecodeReaderBuilder::sniff) with [`Format::Html`], and then, while the
    /// confidence is tentative, the decoded text followed as the HTML parser would, to the
    /// encoding the document ends with (see
    /// [`sniff_whole_document`](crate::sniff::sniff_whole_document)). At a late `<meta>`
    /// that declares another encoding, *changing the encoding while parsing* (13.2.3.4) runs:
    /// where step 5 lets it (the bytes decoded so far were ASCII, or both encodings are
    /// single-byte and alike on every byte that came) the reader changes its decoder right
    /// after the `<meta>`'s `>` and reads on; otherwise it cannot take back the text it gave,
    /// and reads give an [`io::Error`] of kind [`InvalidData`](io::ErrorKind::InvalidData)
    /// holding an [`EncodingChangeNeedsReparse`] once the text up to the `<meta>` has been
    /// read: decode the document again from its start with its encoding. UTF-8 is decoded,
    /// not passed through, while the document is followed. [`DecodeReader::sniffed`] gives
    /// the late `<meta>`'s answer once it is met.
    ///
    /// ```
    /// # #[cfg(feature = "koi8-r")]
    /// # fn main() -> std::io::Result<()> {
    /// use std::io::Read;
    /// use whatwg_encoding::io::{DecodeReader, EncodingChangeNeedsReparse};
    /// use whatwg_encoding::sniff::{Rule, SniffOptions};
    /// use whatwg_encoding::KOI8_R;
    ///
    /// let mut page = b"<style>".to_vec();
    /// page.extend([b' '; 1100]);
    /// page.extend(b"</style><meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4");
    /// let mut reader = DecodeReader::builder()
    ///     .sniff_whole_document(SniffOptions::default())
    ///     .build(&page[..]);
    /// let mut text = String::new();
    /// reader.read_to_string(&mut text)?;
    /// assert!(text.ends_with("<p>Привет"));
    /// assert_eq!(reader.sniffed().unwrap().rule, Rule::LateMeta { offset: 1115 });
    ///
    /// // Bytes other than ASCII before it: the text so far would change.
    /// page[10] = 0xE9;
    /// let mut reader = DecodeReader::builder()
    ///     .sniff_whole_document(SniffOptions::default())
    ///     .build(&page[..]);
    /// let error = reader.read_to_string(&mut String::new()).unwrap_err();
    /// let reparse = error.get_ref().unwrap().downcast_ref::<EncodingChangeNeedsReparse>();
    /// assert_eq!(reparse.unwrap().encoding(), KOI8_R);
    /// # Ok(())
    /// # }
    /// # #[cfg(not(feature = "koi8-r"))]
    /// # fn main() {}
    /// ```
    #[cfg(feature = "sniff")]
    pub fn sniff_whole_document(mut self, options: SniffOptions) -> DecodeReaderBuilder {
        self.sniff = Some((Format::Html, options));
        self.whole_document = true;
        self
    }

    /// A reader that decodes what it reads from `reader`.
    pub fn build<R: Read>(self, reader: R) -> DecodeReader<R> {
        #[cfg(feature = "sniff")]
        let buffer_size = match self.sniff {
            Some(_) => self.buffer_size.max(PRESCAN_LENGTH),
            None => self.buffer_size,
        };
        #[cfg(not(feature = "sniff"))]
        let buffer_size = self.buffer_size;
        DecodeReader {
            inner: reader,
            options: self,
            decoding: None,
            #[cfg(feature = "sniff")]
            progress: Progress::default(),
            #[cfg(feature = "sniff")]
            sniffed: None,
            #[cfg(feature = "sniff")]
            following: None,
            #[cfg(feature = "sniff")]
            reparse: None,
            input: vec![0; buffer_size].into_boxed_slice(),
            start: 0,
            end: 0,
            eof: false,
            done: false,
            staged: [0; STAGED],
            staged_start: 0,
            staged_end: 0,
            position: 0,
            history: History::default(),
            error: None,
        }
    }
}

/// Room for any character's UTF-8 several times over, for callers that read into tiny
/// buffers: the decoder writes only whole characters.
const STAGED: usize = 16;

/// Reads bytes in any encoding from an inner reader and gives them as UTF-8 (section 6.1's
/// "decode", streamed). Memory stays at the fixed buffers whatever the input's length.
///
/// ```
/// # #[cfg(feature = "utf-16le")]
/// # fn main() -> std::io::Result<()> {
/// use std::io::Read;
/// use whatwg_encoding::io::DecodeReader;
///
/// // A UTF-16LE byte order mark wins over the default, UTF-8.
/// let mut text = String::new();
/// DecodeReader::new(&b"\xFF\xFEh\x00i\x00"[..]).read_to_string(&mut text)?;
/// assert_eq!(text, "hi");
///
/// // In the fatal error mode the error says where the malformed sequence is.
/// let mut reader = DecodeReader::builder().fatal(true).build(&b"ok \xFF"[..]);
/// let error = reader.read_to_string(&mut String::new()).unwrap_err();
/// assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
/// assert_eq!(error.to_string(), "malformed UTF-8 sequence at byte offset 3: 0xFF");
/// # Ok(())
/// # }
/// # #[cfg(not(feature = "utf-16le"))]
/// # fn main() {}
/// ```
pub struct DecodeReader<R> {
    inner: R,
    options: DecodeReaderBuilder,
    /// How the input is decoded, once the byte order mark (or its absence) has decided.
    decoding: Option<Decoding>,
    /// How far the sniffing has got in the bytes read so far.
    #[cfg(feature = "sniff")]
    progress: Progress,
    /// The sniffing's answer.
    #[cfg(feature = "sniff")]
    sniffed: Option<Sniffed>,
    /// The document followed in the whole-document mode while the confidence is tentative.
    #[cfg(feature = "sniff")]
    following: Option<Following>,
    /// A late `<meta>` whose change needs the document decoded again.
    #[cfg(feature = "sniff")]
    reparse: Option<EncodingChangeNeedsReparse>,
    /// Input read but not yet decoded: `input[start..end]`.
    input: Box<[u8]>,
    start: usize,
    end: usize,
    /// The inner reader has reported the end of its input.
    eof: bool,
    /// The decoder has processed end-of-queue: there is nothing more to give.
    done: bool,
    /// Output decoded for a read into a buffer too small for it: `staged[staged_start..staged_end]`.
    staged: [u8; STAGED],
    staged_start: usize,
    staged_end: usize,
    /// Input bytes consumed so far, the byte order mark included.
    position: u64,
    history: History,
    /// The fatal error, given by every read once the text before it has been read.
    error: Option<MalformedSequence>,
}

/// The decision a byte order mark (or its absence) makes.
enum Decoding {
    /// UTF-8 passed through unchecked.
    Passthru,
    Decoder(Decoder),
}

impl DecodeReader<()> {
    /// Options for a reader: encoding, byte order mark handling, error mode, buffer size.
    pub fn builder() -> DecodeReaderBuilder {
        DecodeReaderBuilder::new()
    }
}

impl<R: Read> DecodeReader<R> {
    /// A reader that decodes as section 6.1's "decode" does with UTF-8 as the fallback
    /// encoding: a byte order mark picks UTF-8, UTF-16BE or UTF-16LE, otherwise UTF-8, and
    /// malformed sequences become U+FFFD.
    pub fn new(reader: R) -> DecodeReader<R> {
        DecodeReaderBuilder::new().build(reader)
    }

    /// Reads as much input as deciding the encoding takes (a byte order mark's bytes; with
    /// [`sniff`](DecodeReaderBuilder::sniff), until the sniffing answers, at most 1024 bytes)
    /// and returns the encoding. No text is read: the bytes wait in the buffer for the next
    /// read.
    pub fn determine_encoding(&mut self) -> io::Result<&'static Encoding> {
        if self.decoding.is_none() {
            self.decide()?;
        }
        Ok(self.encoding().unwrap_or(self.options.encoding))
    }

    /// The sniffing's answer (the encoding, the confidence and the rule that decided), once
    /// the first read or [`determine_encoding`](DecodeReader::determine_encoding) has made
    /// it; None before, and without [`sniff`](DecodeReaderBuilder::sniff).
    #[cfg(feature = "sniff")]
    pub fn sniffed(&self) -> Option<Sniffed> {
        self.sniffed
    }

    /// The encoding being decoded: known once the first read has looked for a byte order
    /// mark, None before.
    pub fn encoding(&self) -> Option<&'static Encoding> {
        match &self.decoding {
            Some(Decoding::Passthru) => Some(UTF_8),
            Some(Decoding::Decoder(decoder)) => Some(decoder.encoding()),
            None => None,
        }
    }

    /// How many bytes of the inner reader's input have been decoded (a byte order mark
    /// counts).
    pub fn position(&self) -> u64 {
        self.position
    }

    /// The inner reader.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The inner reader, mutably; reading from it directly skips bytes the decoder has not
    /// seen.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// The inner reader; input it gave that was not yet decoded is lost.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads more input after what is buffered, moving that to the front first. Ok(false)
    /// at the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        if self.start > 0 {
            self.input.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        let Some(room) = self.input.get_mut(self.end..) else {
            return Ok(true);
        };
        let n = self.inner.read(room)?;
        self.end += n;
        self.eof = n == 0;
        Ok(n > 0)
    }

    /// Section 6.1, "BOM sniff", or the encoding's own mark for [`BomHandling::Remove`], or
    /// the sniffing of [`DecodeReaderBuilder::sniff`]: peeks as many bytes as that takes,
    /// drops a mark that decides the encoding, and sets up the decoding.
    fn decide(&mut self) -> io::Result<()> {
        #[cfg(feature = "sniff")]
        if let Some((format, options)) = self.options.sniff {
            return self.decide_by_sniffing(format, options);
        }
        while self.end - self.start < 3 && !self.eof {
            self.fill()?;
        }
        let peeked = self.input.get(self.start..self.end).unwrap_or_default();
        let mark = match (self.options.bom, Encoding::for_bom(peeked)) {
            (BomHandling::Sniff, Some(found)) => Some(found),
            (BomHandling::Remove, Some(found)) if found.0 == self.options.encoding => Some(found),
            _ => None,
        };
        self.start_decoding(mark)
    }

    /// Reads until the sniffing answers (each read adds to the bytes in the buffer, which the
    /// sniffing goes on reading where it stopped), then sets up the decoding.
    #[cfg(feature = "sniff")]
    fn decide_by_sniffing(&mut self, format: Format, options: SniffOptions) -> io::Result<()> {
        let sniffed = loop {
            // The first 1024 bytes, however many a read gave: what a `Sniffer` holds, so that
            // an autodetector's answer does not depend on how the input arrives.
            let end = self.end.min(self.start + PRESCAN_LENGTH);
            let held = self.input.get(self.start..end).unwrap_or_default();
            let ended = self.eof && end == self.end;
            if let Some(sniffed) = self.progress.advance(format, held, ended, &options) {
                break sniffed;
            }
            self.fill()?;
        };
        self.sniffed = Some(sniffed);
        if self.options.whole_document && sniffed.confidence == Confidence::Tentative {
            self.following = Some(Following::new(sniffed, options.scripting));
        }
        let held = self.input.get(self.start..self.end).unwrap_or_default();
        let mark = match sniffed.rule {
            Rule::ByteOrderMark => Encoding::for_bom(held),
            _ => None,
        };
        self.options.encoding = sniffed.encoding;
        self.start_decoding(mark)
    }

    /// Drops the byte order mark `mark` found (its encoding and length) and sets up the
    /// decoding of its encoding, or of the reader's without one.
    fn start_decoding(&mut self, mark: Option<(&'static Encoding, usize)>) -> io::Result<()> {
        let encoding = match mark {
            Some((encoding, length)) => {
                self.consume(length);
                encoding
            }
            None => self.options.encoding,
        };
        #[cfg(feature = "sniff")]
        let following = self.following.is_some();
        #[cfg(not(feature = "sniff"))]
        let following = false;
        self.decoding = Some(
            if encoding == UTF_8 && self.options.utf8_passthru && !self.options.fatal && !following
            {
                Decoding::Passthru
            } else {
                Decoding::Decoder(encoding.new_decoder_without_bom_handling())
            },
        );
        Ok(())
    }

    /// Marks `n` buffered bytes as decoded.
    fn consume(&mut self, n: usize) {
        let end = (self.start + n).min(self.end);
        self.history
            .push(self.input.get(self.start..end).unwrap_or_default());
        self.position += (end - self.start) as u64;
        self.start = end;
    }

    /// Decodes as [`Read::read`] does, appending whole characters to `buf` within its spare
    /// capacity (at least 16 bytes are reserved) instead of copying bytes: the text needs no
    /// second check that it is UTF-8. Returns how many bytes were appended, 0 at the end of
    /// the input.
    ///
    /// Not with [`utf8_passthru`](DecodeReaderBuilder::utf8_passthru), whose bytes are
    /// unchecked, nor after a [`Read::read`] into a buffer too small for the last character
    /// it decoded: both are an [`InvalidInput`](io::ErrorKind::InvalidInput) error.
    pub fn read_str(&mut self, buf: &mut String) -> io::Result<usize> {
        if self.staged_start < self.staged_end {
            let staged = self
                .staged
                .get(self.staged_start..self.staged_end)
                .unwrap_or_default();
            let text = std::str::from_utf8(staged).map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "read_str after a read that split a character",
                )
            })?;
            buf.push_str(text);
            self.staged_start = self.staged_end;
            return Ok(text.len());
        }
        if buf.capacity() - buf.len() < STAGED {
            buf.reserve(STAGED);
        }
        self.decode(&mut Sink::Text(buf))
    }

    /// Reads and decodes until `sink` has some output, the input ends, or an error.
    fn decode(&mut self, sink: &mut Sink<'_>) -> io::Result<usize> {
        loop {
            if let Some(error) = &self.error {
                return Err(error.clone().into());
            }
            #[cfg(feature = "sniff")]
            if let Some(reparse) = &self.reparse {
                return Err(reparse.clone().into());
            }
            if self.decoding.is_none() {
                self.decide()?;
            }
            if self.done {
                return Ok(0);
            }
            if self.start == self.end && !self.eof {
                self.fill()?;
                continue;
            }
            let written = self.decode_into(sink)?;
            if written > 0 {
                return Ok(written);
            }
        }
    }

    /// Decodes buffered input into `sink`; returns how many bytes it wrote.
    fn decode_into(&mut self, sink: &mut Sink<'_>) -> io::Result<usize> {
        let last = self.eof;
        let fatal = self.options.fatal;
        let src = self.input.get(self.start..self.end).unwrap_or_default();
        #[cfg(feature = "sniff")]
        let before = match (&self.decoding, &self.following) {
            (Some(Decoding::Decoder(decoder)), Some(_)) => Some(decoder.fork()),
            _ => None,
        };
        #[cfg(feature = "sniff")]
        let text_start = match sink {
            Sink::Text(ref dst) => dst.len(),
            Sink::Bytes(_) => 0,
        };
        let (result, read, written) = match (&mut self.decoding, &mut *sink) {
            (Some(Decoding::Decoder(decoder)), Sink::Bytes(dst)) if fatal => {
                decoder.decode_to_utf8_without_replacement(src, dst, last)
            }
            (Some(Decoding::Decoder(decoder)), Sink::Bytes(dst)) => {
                let (result, read, written, _) = decoder.decode_to_utf8(src, dst, last);
                (into_decoder_result(result), read, written)
            }
            (Some(Decoding::Decoder(decoder)), Sink::Text(dst)) => {
                let before = dst.len();
                let (result, read) = if fatal {
                    decoder.decode_to_string_without_replacement(src, dst, last)
                } else {
                    let (result, read, _) = decoder.decode_to_string(src, dst, last);
                    (into_decoder_result(result), read)
                };
                (result, read, dst.len() - before)
            }
            (Some(Decoding::Passthru) | None, Sink::Bytes(dst)) => {
                let n = src.len().min(dst.len());
                if let (Some(d), Some(s)) = (dst.get_mut(..n), src.get(..n)) {
                    d.copy_from_slice(s);
                }
                let result = if n == src.len() {
                    DecoderResult::InputEmpty
                } else {
                    DecoderResult::OutputFull
                };
                (result, n, n)
            }
            (Some(Decoding::Passthru) | None, Sink::Text(_)) => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "read_str cannot give UTF-8 passed through unchecked",
                ));
            }
        };
        #[cfg(feature = "sniff")]
        let (result, read, written) = match before {
            Some(before) => self.follow(&before, read, written, text_start, sink, result),
            None => (result, read, written),
        };
        self.consume(read);
        match result {
            DecoderResult::InputEmpty => self.done = last,
            DecoderResult::OutputFull if written == 0 => {
                return Err(io::Error::other(
                    "the decoder made no progress into a 16-byte buffer",
                ));
            }
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(length, after) => {
                let (length, after) = (length as usize, after as usize);
                let encoding = self.encoding().unwrap_or(self.options.encoding);
                self.error = Some(MalformedSequence {
                    encoding,
                    offset: self.position.saturating_sub((length + after) as u64),
                    bytes: self.history.before_last(after, length).to_vec(),
                });
            }
        }
        Ok(written)
    }
}

#[cfg(feature = "sniff")]
impl<R: Read> DecodeReader<R> {
    /// In the whole-document mode: follows a decoder step that read `read` bytes and wrote
    /// `written` (into `sink`, from `text_start` for a string); after a late `<meta>`, the
    /// step is cut after its `>` and the decoder changed in place, or a reparse is reported.
    /// Returns the step's result, bytes read and bytes written after that.
    fn follow(
        &mut self,
        before: &crate::Decoder,
        read: usize,
        written: usize,
        text_start: usize,
        sink: &mut Sink<'_>,
        result: DecoderResult,
    ) -> (DecoderResult, usize, usize) {
        let Some(following) = self.following.as_mut() else {
            return (result, read, written);
        };
        let bytes = self
            .input
            .get(self.start..self.start + read)
            .unwrap_or_default();
        let text = match sink {
            Sink::Bytes(dst) => dst.get(..written).unwrap_or_default(),
            Sink::Text(dst) => dst.as_bytes().get(text_start..).unwrap_or_default(),
        };
        let step = following.step(before, bytes, text);
        let (answer, change, kept, kept_text) = match step {
            Step::More => return (result, read, written),
            Step::Stop => {
                self.following = None;
                return (result, read, written);
            }
            Step::Late {
                answer,
                change,
                read,
                written,
            } => (answer, change, read, written),
        };
        self.following = None;
        self.sniffed = Some(answer);
        let cut = |sink: &mut Sink<'_>| {
            if let Sink::Text(dst) = sink {
                dst.truncate(text_start + kept_text);
            }
        };
        match change {
            EncodingChange::Keep => (result, read, written),
            EncodingChange::ChangeInPlace(new) => {
                cut(sink);
                self.decoding = Some(Decoding::Decoder(new.new_decoder_without_bom_handling()));
                (DecoderResult::OutputFull, kept, kept_text)
            }
            EncodingChange::Reparse(_) => {
                cut(sink);
                let decoded_with = self.encoding().unwrap_or(self.options.encoding);
                self.reparse = Some(EncodingChangeNeedsReparse {
                    sniffed: answer,
                    decoded_with,
                });
                (DecoderResult::OutputFull, kept, kept_text)
            }
        }
    }
}

/// Where a read puts its output: a caller's byte buffer, or the spare capacity of a string.
enum Sink<'a> {
    Bytes(&'a mut [u8]),
    Text(&'a mut String),
}

fn into_decoder_result(result: CoderResult) -> DecoderResult {
    match result {
        CoderResult::InputEmpty => DecoderResult::InputEmpty,
        CoderResult::OutputFull => DecoderResult::OutputFull,
    }
}

impl<R: Read> Read for DecodeReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.staged_start == self.staged_end {
            if buf.len() >= STAGED {
                return self.decode(&mut Sink::Bytes(buf));
            }
            // Too small for some characters: decode into the staging buffer, and give from it.
            let mut staged = [0; STAGED];
            let written = self.decode(&mut Sink::Bytes(&mut staged))?;
            self.staged = staged;
            self.staged_start = 0;
            self.staged_end = written;
        }
        let staged = self
            .staged
            .get(self.staged_start..self.staged_end)
            .unwrap_or_default();
        let n = staged.len().min(buf.len());
        if let (Some(d), Some(s)) = (buf.get_mut(..n), staged.get(..n)) {
            d.copy_from_slice(s);
        }
        self.staged_start += n;
        Ok(n)
    }
}

impl<R> fmt::Debug for DecodeReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DecodeReader")
            .field("options", &self.options)
            .field("position", &self.position)
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}
