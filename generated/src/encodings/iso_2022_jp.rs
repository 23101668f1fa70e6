//! Section 12.2, ISO-2022-JP: a stateful 7-bit encoding whose escape sequences switch between
//! ASCII, JIS X 0201 Roman, JIS X 0201 katakana (decoding only) and index jis0208.
//!
//! Where the 2021 text and the current standard word a step differently, the current one is
//! quoted; the results are the same.

use crate::forms::input::Cursor;
use crate::forms::output::{window, Output};
use crate::handler::encode::two_byte_run;
use crate::handler::{ByteSequence, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};
use crate::tables::code_point_u16;
use crate::tables::japanese::{
    jis0208_pointer, ISO_2022_JP_KATAKANA_DECODE, JIS0208, JIS0208_DIRECT,
};

/// The states of section 12.2.1's decoder: "ISO-2022-JP decoder state" takes any of them,
/// "ISO-2022-JP decoder output state" only the first four.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum DecoderState {
    #[default]
    Ascii,
    Roman,
    Katakana,
    LeadByte,
    TrailByte,
    EscapeStart,
    Escape,
}

/// Section 12.2.1, ISO-2022-JP decoder.
#[derive(Clone, Copy, Default)]
pub(crate) struct Iso2022JpDecoder {
    /// "ISO-2022-JP decoder state" (initially ASCII).
    state: DecoderState,
    /// "ISO-2022-JP decoder output state" (initially ASCII): the state an escape sequence
    /// last switched to, returned to after a bad escape sequence.
    output_state: DecoderState,
    /// "ISO-2022-JP lead" (initially 0x00): the lead byte in the trail byte state, the 0x24
    /// or 0x28 of an escape sequence in the escape state.
    lead: u8,
    /// "ISO-2022-JP output" (initially false): whether nothing was output since the last
    /// escape sequence, which makes a second one in a row an error.
    output: bool,
}

impl Iso2022JpDecoder {
    /// "Set ISO-2022-JP output to false and return a code point whose value is …"
    #[inline]
    fn emit(&mut self, code_point: u32) -> DecodeStep {
        self.output = false;
        match char::from_u32(code_point) {
            Some(c) => DecodeStep::Emit(c),
            None => DecodeStep::Error(Restore::NONE),
        }
    }

    /// "Set ISO-2022-JP output to false and return error."
    #[inline]
    fn error(&mut self) -> DecodeStep {
        self.output = false;
        DecodeStep::Error(Restore::NONE)
    }

    /// The ASCII, Roman, katakana and lead byte states on 0x1B: "Set ISO-2022-JP decoder
    /// state to escape start and return continue."
    #[inline]
    fn escape_start(&mut self) -> DecodeStep {
        self.state = DecoderState::EscapeStart;
        DecodeStep::Continue
    }

    /// Escape start, steps 2 and 3, and escape, steps 8 and 9, after restoring: "Set
    /// ISO-2022-JP output to false, ISO-2022-JP decoder state to ISO-2022-JP decoder output
    /// state, and return error."
    #[inline]
    fn bad_escape(&mut self, restore: Restore) -> DecodeStep {
        self.output = false;
        self.state = self.output_state;
        DecodeStep::Error(restore)
    }
}

/// Escape steps 2 to 6: the state the escape sequence ESC, `lead`, `byte` names (ESC ( B
/// ASCII, ESC ( J Roman, ESC ( I katakana, ESC $ @ and ESC $ B lead byte), if any. The
/// escape state's step and the bulk path's ([`Iso2022JpDecoder::escape_sequence`]) both ask
/// it.
#[inline(always)]
fn escape_state(lead: u8, byte: u8) -> Option<DecoderState> {
    match (lead, byte) {
        (0x28, 0x42) => Some(DecoderState::Ascii),
        (0x28, 0x4A) => Some(DecoderState::Roman),
        (0x28, 0x49) => Some(DecoderState::Katakana),
        (0x24, 0x40 | 0x42) => Some(DecoderState::LeadByte),
        _ => None,
    }
}

impl DecodeHandler for Iso2022JpDecoder {
    /// Not ASCII-compatible: 0x0E, 0x0F and 0x1B are not themselves, nor is anything in the
    /// Roman, katakana or jis0208 states. [`Self::bulk`] copies ASCII in the ASCII state.
    const ASCII_FAST_PATH: bool = false;

    fn byte(&mut self, byte: u8) -> DecodeStep {
        match self.state {
            DecoderState::Ascii => match byte {
                0x1B => self.escape_start(),
                // "0x00 to 0x7F, excluding 0x0E, 0x0F, and 0x1B: Set ISO-2022-JP output to
                // false and return a code point whose value is byte."
                0x00..=0x7F if byte != 0x0E && byte != 0x0F => self.emit(byte as u32),
                // "Otherwise: Set ISO-2022-JP output to false and return error."
                _ => self.error(),
            },
            DecoderState::Roman => match byte {
                0x1B => self.escape_start(),
                // "0x5C: Set ISO-2022-JP output to false and return code point U+00A5."
                0x5C => self.emit(0xA5),
                // "0x7E: Set ISO-2022-JP output to false and return code point U+203E."
                0x7E => self.emit(0x203E),
                // "0x00 to 0x7F, excluding 0x0E, 0x0F, 0x1B, 0x5C, and 0x7E: Set
                // ISO-2022-JP output to false and return a code point whose value is byte."
                0x00..=0x7F if byte != 0x0E && byte != 0x0F => self.emit(byte as u32),
                _ => self.error(),
            },
            DecoderState::Katakana => match byte {
                0x1B => self.escape_start(),
                // "0x21 to 0x5F: Set ISO-2022-JP output to false and return a code point
                // whose value is 0xFF61 − 0x21 + byte."
                0x21..=0x5F => self.emit(0xFF61 - 0x21 + byte as u32),
                _ => self.error(),
            },
            DecoderState::LeadByte => match byte {
                0x1B => self.escape_start(),
                // "0x21 to 0x7E: Set ISO-2022-JP output to false, ISO-2022-JP lead to byte,
                // ISO-2022-JP decoder state to trail byte, and return continue."
                0x21..=0x7E => {
                    self.output = false;
                    self.lead = byte;
                    self.state = DecoderState::TrailByte;
                    DecodeStep::Continue
                }
                _ => self.error(),
            },
            DecoderState::TrailByte => match byte {
                // "0x1B: Set ISO-2022-JP decoder state to escape start and return error."
                0x1B => {
                    self.state = DecoderState::EscapeStart;
                    DecodeStep::ErrorEarlier {
                        len: 1,
                        after: 1,
                        open: true,
                    }
                }
                0x21..=0x7E => {
                    // 1. "Set the ISO-2022-JP decoder state to lead byte."
                    self.state = DecoderState::LeadByte;
                    // 2. "Let pointer be (ISO-2022-JP lead − 0x21) × 94 + byte − 0x21."
                    let pointer =
                        (self.lead as usize).saturating_sub(0x21) * 94 + byte as usize - 0x21;
                    // 3. "Let code point be the index code point for pointer in index
                    // jis0208."
                    // 4. "If code point is null, return error."
                    // 5. "Return a code point whose value is code point."
                    match JIS0208.code_point(pointer) {
                        Some(c) => DecodeStep::Emit(c),
                        None => DecodeStep::Error(Restore::NONE),
                    }
                }
                // "Otherwise: Set ISO-2022-JP decoder state to lead byte and return error."
                // (The byte goes with the error even if it is an ASCII control byte or
                // space: unlike the ASCII-compatible decoders' trail steps, this restores
                // nothing. encoding_rs agrees.)
                _ => {
                    self.state = DecoderState::LeadByte;
                    DecodeStep::Error(Restore::NONE)
                }
            },
            DecoderState::EscapeStart => {
                // 1. "If byte is either 0x24 or 0x28, set ISO-2022-JP lead to byte,
                // ISO-2022-JP decoder state to escape, and return continue."
                if byte == 0x24 || byte == 0x28 {
                    self.lead = byte;
                    self.state = DecoderState::Escape;
                    return DecodeStep::Continue;
                }
                // 2. "If byte is not end-of-queue, restore byte to ioQueue."
                // 3. (See `bad_escape`.)
                self.bad_escape(Restore::one(byte))
            }
            DecoderState::Escape => {
                // 1. "Let lead be ISO-2022-JP lead and set ISO-2022-JP lead to 0x00."
                let lead = self.lead;
                self.lead = 0x00;
                // 2. to 6.: the state the escape sequence names, if any.
                let state = escape_state(lead, byte);
                // 7. "If state is non-null, then:"
                if let Some(state) = state {
                    // 7.1. "Set ISO-2022-JP decoder state and ISO-2022-JP decoder output
                    // state to state."
                    self.state = state;
                    self.output_state = state;
                    // 7.2. "Let output be the value of ISO-2022-JP output."
                    let output = self.output;
                    // 7.3. "Set ISO-2022-JP output to true."
                    self.output = true;
                    // 7.4. "Return continue, if output is false, and error otherwise." The
                    // error is the escape sequence before this one, which introduced nothing
                    // (output was set by it and nothing since); this one's three bytes
                    // were read after it.
                    return if output {
                        DecodeStep::ErrorEarlier {
                            len: 3,
                            after: 3,
                            open: false,
                        }
                    } else {
                        DecodeStep::Continue
                    };
                }
                // 8. "If byte is end-of-queue, then restore lead to ioQueue; otherwise,
                // restore « lead, byte » to ioQueue."
                // 9. (See `bad_escape`.)
                self.bad_escape(Restore::two(lead, byte))
            }
        }
    }

    fn end(&mut self) -> DecodeStep {
        match self.state {
            // "end-of-queue: Return finished."
            DecoderState::Ascii
            | DecoderState::Roman
            | DecoderState::Katakana
            | DecoderState::LeadByte => DecodeStep::Finished,
            // Trail byte, "end-of-queue: Set the ISO-2022-JP decoder state to lead byte and
            // return error." (The 2021 text also prepends end-of-queue, which the generic
            // loop does by giving end-of-queue again: the lead byte state then finishes.)
            DecoderState::TrailByte => {
                self.state = DecoderState::LeadByte;
                DecodeStep::Error(Restore::NONE)
            }
            // Escape start, end-of-queue: nothing to restore (step 2).
            DecoderState::EscapeStart => self.bad_escape(Restore::NONE),
            // Escape, end-of-queue: "restore lead to ioQueue" (step 8).
            DecoderState::Escape => {
                let lead = self.lead;
                self.lead = 0x00;
                self.bad_escape(Restore::one(lead))
            }
        }
    }

    fn between_sequences(&self) -> bool {
        matches!(
            self.state,
            DecoderState::Ascii
                | DecoderState::Roman
                | DecoderState::Katakana
                | DecoderState::LeadByte
        )
    }

    /// In the ASCII state, the bytes that state decodes to themselves.
    fn latin1_compatible_up_to(&self, bytes: &[u8]) -> Option<usize> {
        (self.state == DecoderState::Ascii)
            .then(|| crate::kernels::ascii::iso_2022_jp_ascii_up_to(bytes))
    }

    /// Runs of what the ASCII state decodes to itself (copied) and of the jis0208 state's
    /// byte pairs (looked up), and between them the handler's own steps one sequence at a
    /// time (escape sequences, the other states): what the per-byte path would do.
    #[inline]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        self.runs::<O>(src, dst, None)
    }

    /// As [`Self::bulk`], with the errors that leave the decoder between sequences (a byte
    /// no state accepts) replaced on the way.
    #[inline]
    fn bulk_replacing<O: Output>(
        &mut self,
        src: &[u8],
        dst: &mut [O::Unit],
        replaced: &mut bool,
    ) -> (usize, usize) {
        self.runs::<O>(src, dst, Some(replaced))
    }
}

impl Iso2022JpDecoder {
    /// [`DecodeHandler::bulk`], replacing errors on the way if given `replaced`.
    #[inline(always)]
    fn runs<O: Output>(
        &mut self,
        src: &[u8],
        dst: &mut [O::Unit],
        mut replaced: Option<&mut bool>,
    ) -> (usize, usize) {
        let mut read = 0;
        let mut written = 0;
        loop {
            let (r, w) = {
                let rest = src.get(read..).unwrap_or_default();
                let out = dst.get_mut(written..).unwrap_or_default();
                match self.state {
                    DecoderState::Ascii => {
                        let run = crate::kernels::ascii::iso_2022_jp_ascii_up_to(rest);
                        let n = O::copy_ascii(rest.get(..run).unwrap_or_default(), out);
                        (n, n)
                    }
                    DecoderState::LeadByte => {
                        crate::handler::decode::two_byte::<O>(rest, out, jis0208_pair)
                    }
                    _ => (0, 0),
                }
            };
            if r > 0 {
                // "Set ISO-2022-JP output to false" with each code point.
                self.output = false;
                read += r;
                written += w;
            }
            let rest = src.get(read..).unwrap_or_default();
            let out = dst.get_mut(written..).unwrap_or_default();
            // An escape sequence where a run ends (Japanese text switches every few
            // characters), without a trip through the handler's steps; not into a full
            // buffer, where the generic loop returns before reading it.
            if !out.is_empty() && self.escape_sequence(rest) {
                read += 3;
                continue;
            }
            // Anything else where a run ends is not the run's (or does not fit): the
            // handler's steps take it.
            let step = crate::handler::decode::one_sequence::<Self, O>(
                self,
                rest,
                out,
                replaced.as_deref_mut(),
            );
            match step {
                Some((r, w)) => {
                    read += r;
                    written += w;
                }
                None => return (read, written),
            }
        }
    }
}

impl Iso2022JpDecoder {
    /// Takes an escape sequence that names a state at the start of `src` if its steps, from
    /// between sequences, return continue at each byte (ISO-2022-JP output is false:
    /// something was output since the last escape sequence), doing what they do; returns
    /// whether it did. Anything else (a second escape sequence in a row, a bad one, one the
    /// input ends inside) is left to the handler's steps.
    #[inline(always)]
    fn escape_sequence(&mut self, src: &[u8]) -> bool {
        let &[0x1B, lead, byte, ..] = src else {
            return false;
        };
        // The ASCII, Roman, katakana and lead byte states (between sequences) go to escape
        // start on 0x1B, and escape start to escape on 0x24 or 0x28 (which `escape_state`
        // requires); escape, step 1, clears ISO-2022-JP lead.
        match escape_state(lead, byte) {
            Some(state) if !self.output && self.between_sequences() => {
                self.lead = 0x00;
                // Escape, steps 7.1 to 7.4, with output false: continue.
                self.state = state;
                self.output_state = state;
                self.output = true;
                true
            }
            _ => false,
        }
    }
}

/// The lead byte and trail byte states' code point for a byte pair (trail byte state,
/// steps 2 to 5, with both bytes 0x21 to 0x7E), or 0 for anything else: the bulk path's
/// lookup ([`crate::handler::decode::two_byte`]).
#[inline(always)]
fn jis0208_pair(lead: u8, trail: u8) -> u16 {
    // Step 2 of the trail byte state: "Let pointer be (ISO-2022-JP lead − 0x21) × 94 + byte
    // − 0x21": the index's lookup of the lead's row and the byte's column, which answers 0 if
    // either byte is outside 0x21 to 0x7E.
    JIS0208.value(&LEAD_PART[lead as usize], TRAIL_PART[trail as usize])
}

/// Row `lead − 0x21` for a lead, 0x21 to 0x7E, as index jis0208's layout looks it up;
/// `NO_LEAD` for any other byte.
static LEAD_PART: [crate::tables::LeadPart; 256] = JIS0208.lead_parts(&[(0x21, 0x7E)], 1);

/// Column `byte − 0x21` for a trail, 0x21 to 0x7E, as index jis0208's layout looks it up;
/// `NO_PART` for any other byte.
static TRAIL_PART: [u16; 256] = JIS0208.trail_parts(&[(0x21, 0x7E)]);

/// The states of section 12.2.2's encoder: "ISO-2022-JP encoder state".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum EncoderState {
    #[default]
    Ascii,
    Roman,
    Jis0208,
}

/// Section 12.2.2, ISO-2022-JP encoder.
#[derive(Clone, Copy, Default)]
pub(crate) struct Iso2022JpEncoder {
    /// "ISO-2022-JP encoder state" (initially ASCII).
    state: EncoderState,
}

/// ESC ( B, the switch to ASCII.
const TO_ASCII: ByteSequence = ByteSequence::three(0x1B, 0x28, 0x42);
/// ESC ( J, the switch to Roman.
const TO_ROMAN: ByteSequence = ByteSequence::three(0x1B, 0x28, 0x4A);
/// ESC $ B, the switch to jis0208.
const TO_JIS0208: ByteSequence = ByteSequence::three(0x1B, 0x24, 0x42);

impl Iso2022JpEncoder {
    /// "Prepend code point to ioQueue, set ISO-2022-JP encoder state to `state`, and return
    /// three bytes `escape`."
    #[inline]
    fn switch(&mut self, state: EncoderState, escape: ByteSequence) -> EncodeStep {
        self.state = state;
        EncodeStep::BytesThenAgain(escape)
    }

    /// Encoder steps 3 to 7, for an ASCII code point, U+00A5 or U+203E: each of them is
    /// answered by one of these steps, according to the state.
    #[inline(always)]
    fn steps_3_to_7(&mut self, code_point: char) -> EncodeStep {
        let ascii_or_roman = matches!(self.state, EncoderState::Ascii | EncoderState::Roman);
        // Step 3: "If ISO-2022-JP encoder state is ASCII or Roman, and code point is U+000E,
        // U+000F, or U+001B, return error with U+FFFD." ("This returns U+FFFD rather than
        // code point to prevent attacks.")
        if ascii_or_roman && matches!(code_point, '\u{0E}' | '\u{0F}' | '\u{1B}') {
            return EncodeStep::Error('\u{FFFD}');
        }
        // Step 4: "If ISO-2022-JP encoder state is ASCII and code point is an ASCII code
        // point, return a byte whose value is code point."
        if self.state == EncoderState::Ascii && code_point.is_ascii() {
            return EncodeStep::Bytes(ByteSequence::one(code_point as u8));
        }
        // Step 5: "If ISO-2022-JP encoder state is Roman and code point is an ASCII code
        // point, excluding U+005C and U+007E, or is U+00A5 or U+203E, then:"
        if self.state == EncoderState::Roman {
            match code_point {
                // 1. "If code point is an ASCII code point, return a byte whose value is
                // code point."
                '\u{5C}' | '\u{7E}' => {}
                '\u{0}'..='\u{7F}' => {
                    return EncodeStep::Bytes(ByteSequence::one(code_point as u8))
                }
                // 2. "If code point is U+00A5, return byte 0x5C."
                '\u{A5}' => return EncodeStep::Bytes(ByteSequence::one(0x5C)),
                // 3. "If code point is U+203E, return byte 0x7E."
                '\u{203E}' => return EncodeStep::Bytes(ByteSequence::one(0x7E)),
                _ => {}
            }
        }
        // Step 6: "If code point is an ASCII code point, and ISO-2022-JP encoder state is not
        // ASCII, restore code point to ioQueue, set ISO-2022-JP encoder state to ASCII, and
        // return three bytes 0x1B 0x28 0x42."
        if code_point.is_ascii() {
            return self.switch(EncoderState::Ascii, TO_ASCII);
        }
        // Step 7: "If code point is either U+00A5 or U+203E, and ISO-2022-JP encoder state is
        // not Roman, restore code point to ioQueue, set ISO-2022-JP encoder state to Roman,
        // and return three bytes 0x1B 0x28 0x4A."
        self.switch(EncoderState::Roman, TO_ROMAN)
    }
}

impl EncodeHandler for Iso2022JpEncoder {
    const ASCII_FAST_PATH: bool = false;
    /// An ASCII code point after jis0208: three bytes of escape sequence and its own byte.
    const MAX_BYTES_PER_UTF8_BYTE: usize = 4;
    const MAX_BYTES_PER_UTF16_UNIT: usize = 5;
    /// The return to ASCII at end-of-queue.
    const MAX_BYTES_AT_END: usize = 3;

    #[inline(always)]
    fn code_point(&mut self, code_point: char) -> EncodeStep {
        // Steps 3 to 7 concern ASCII code points, U+00A5 and U+203E only, and answer each of
        // them ([`Iso2022JpEncoder::steps_3_to_7`]): one match tells those apart from the
        // code points of steps 8 and 9 and from the rest.
        // Step 8: "If code point is U+2212, set it to U+FF0D."
        // Step 9: "If code point is in the range U+FF61 to U+FF9F, inclusive, set it to the
        // index code point for code point − 0xFF61 in index ISO-2022-JP katakana."
        let mapped = match code_point {
            '\u{0}'..='\u{7F}' | '\u{A5}' | '\u{203E}' => return self.steps_3_to_7(code_point),
            '\u{2212}' => Some('\u{FF0D}'),
            '\u{FF61}'..='\u{FF9F}' => {
                code_point_u16(&ISO_2022_JP_KATAKANA_DECODE, code_point as usize - 0xFF61)
            }
            c => Some(c),
        };
        // Step 10: "Let pointer be the index pointer for code point in index jis0208."
        let pointer = mapped.and_then(jis0208_pointer);
        let Some(pointer) = pointer else {
            // Step 11: "If pointer is null, then:"
            // 1. "If ISO-2022-JP encoder state is jis0208, then restore code point to
            // ioQueue, set ISO-2022-JP encoder state to ASCII, and return three bytes 0x1B
            // 0x28 0x42."
            if self.state == EncoderState::Jis0208 {
                return self.switch(EncoderState::Ascii, TO_ASCII);
            }
            // 2. "Return error with code point": as steps 8 and 9 left it (with the
            // standard's data they only make code points that index jis0208 has).
            return EncodeStep::Error(mapped.unwrap_or(code_point));
        };
        // Step 12: "If ISO-2022-JP encoder state is not jis0208, restore code point to
        // ioQueue, set ISO-2022-JP encoder state to jis0208, and return three bytes 0x1B
        // 0x24 0x42." (The code point given is restored rather than the one steps 8 and 9
        // made of it: handled again, it becomes the same pointer.)
        if self.state != EncoderState::Jis0208 {
            return self.switch(EncoderState::Jis0208, TO_JIS0208);
        }
        // Step 13: "Let lead be pointer / 94 + 0x21."
        // Step 14: "Let trail be pointer % 94 + 0x21."
        // Step 15: "Return two bytes whose values are lead and trail."
        EncodeStep::Bytes(ByteSequence::two(
            (pointer / 94 + 0x21) as u8,
            (pointer % 94 + 0x21) as u8,
        ))
    }

    fn is_initial(&self) -> bool {
        self.state == EncoderState::Ascii
    }

    /// Japanese text's kanji and kana at once: steps 10 and 13 to 15 for a run of code points
    /// from U+2213 up to U+FF60 that index jis0208 has (none of steps 3 to 9 concerns them:
    /// they are about ASCII, U+00A5, U+203E, U+2212 and U+FF61 to U+FF9F), after step 12's
    /// switch to the jis0208 state if the state was another, and before step 6's switch back
    /// to ASCII if an ASCII code point follows (whose run the bulk loop then copies). The run
    /// stops at any other code point, which the steps then take.
    #[inline(always)]
    fn run<'a, C: Cursor<'a>>(&mut self, cursor: &mut C, out: &mut [u8]) -> usize {
        // Step 12, with room for the run's first pair after it: the escape goes before the
        // pairs, written once the run's first lookup has found one.
        let escape = self.state != EncoderState::Jis0208;
        let mut written = 0;
        if escape {
            if out.len() < 5 {
                return 0;
            }
            written = 3;
        }
        let pairs = two_byte_run(
            cursor,
            out.get_mut(written..).unwrap_or_default(),
            JIS0208_DIRECT,
            // Steps 10 and 13 to 15.
            |c| jis0208_pointer(c).map(|p| [(p / 94 + 0x21) as u8, (p % 94 + 0x21) as u8]),
        );
        if escape {
            let (Some(start), true) = (window::<u8, 3>(out, 0), pairs > 0) else {
                return 0;
            };
            start.copy_from_slice(TO_JIS0208.as_slice());
            self.state = EncoderState::Jis0208;
        }
        written += pairs;
        // Step 6.
        if cursor.first_unit().is_some_and(|unit| unit < 0x80) {
            if let Some(escape) = window::<u8, 3>(out, written) {
                escape.copy_from_slice(TO_ASCII.as_slice());
                self.state = EncoderState::Ascii;
                written += 3;
            }
        }
        written
    }

    /// Step 4: in the ASCII state an ASCII code point is its own byte (the state stays), so
    /// the bulk loop copies runs of them; not 0x0E, 0x0F and 0x1B, which step 3 refuses
    /// before it.
    #[inline(always)]
    fn copies_ascii(&self) -> bool {
        self.state == EncoderState::Ascii
    }

    /// The bytes step 4 gives for a run of ASCII are its own decoder's ASCII state's: all
    /// but 0x0E, 0x0F and 0x1B.
    ///
    /// A run shorter than a block (most between kanji) is tested a byte at a time: the
    /// block test pads it first, which costs more than it saves on runs that short.
    #[inline(always)]
    fn ascii_run_len(out: &[u8], copied: usize) -> usize {
        let copied = out.get(..copied).unwrap_or_default();
        if copied.len() < 16 {
            return copied
                .iter()
                .position(|&b| matches!(b, 0x0E | 0x0F | 0x1B))
                .unwrap_or(copied.len());
        }
        crate::kernels::ascii::iso_2022_jp_ascii_up_to(copied)
    }

    fn end(&mut self) -> EncodeStep {
        // Step 1: "If code point is end-of-queue and ISO-2022-JP encoder state is not ASCII,
        // set ISO-2022-JP encoder state to ASCII, and return three bytes 0x1B 0x28 0x42."
        // (The generic loop then gives end-of-queue again, as the 2021 text's "prepend".)
        if self.state != EncoderState::Ascii {
            self.state = EncoderState::Ascii;
            return EncodeStep::Bytes(TO_ASCII);
        }
        // Step 2: "If code point is end-of-queue and ISO-2022-JP encoder state is ASCII,
        // return finished."
        EncodeStep::Finished
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> Vec<DecodeStep> {
        crate::handler::decode::decode_steps::<Iso2022JpDecoder>(bytes)
    }

    #[test]
    fn escape_step_7_4_two_escapes_in_a_row_are_an_error() {
        use DecodeStep::*;
        assert_eq!(
            decode(b"\x1B(J\x1B(B"),
            vec![
                Continue,
                Continue,
                Continue,
                Continue,
                Continue,
                // The first escape sequence is the error; the second was read after it.
                ErrorEarlier {
                    len: 3,
                    after: 3,
                    open: false
                },
                Finished
            ]
        );
        // Output in between makes the second one fine.
        assert_eq!(decode(b"\x1B(J\\\x1B(B")[3], Emit('\u{A5}'));
        assert_eq!(decode(b"\x1B(J\\\x1B(B")[6], Continue);
    }

    #[test]
    fn escape_step_8_restores_lead_and_byte() {
        assert_eq!(
            decode(b"\x1B(A")[2],
            DecodeStep::Error(Restore::two(0x28, 0x41))
        );
        // Escape start, step 2.
        assert_eq!(decode(b"\x1BA")[1], DecodeStep::Error(Restore::one(0x41)));
        // At end-of-queue, only the lead.
        let mut d = Iso2022JpDecoder::default();
        d.byte(0x1B);
        d.byte(0x24);
        assert_eq!(d.end(), DecodeStep::Error(Restore::one(0x24)));
        assert_eq!(d.end(), DecodeStep::Finished);
    }

    #[test]
    fn trail_byte_state() {
        use DecodeStep::*;
        // ESC $ B, then 0x30 0x21: pointer 15 × 94 = 1410, U+4E9C.
        assert_eq!(decode(b"\x1B$B\x30\x21")[4], Emit('\u{4E9C}'));
        // "0x1B: Set ISO-2022-JP decoder state to escape start and return error": the ESC
        // is kept as the start of the next escape sequence.
        assert_eq!(
            decode(b"\x1B$B\x30\x1B(B")[4..],
            [
                ErrorEarlier {
                    len: 1,
                    after: 1,
                    open: true
                },
                Continue,
                Continue,
                Finished
            ]
        );
        // End-of-queue in the trail byte state.
        assert_eq!(decode(b"\x1B$B\x30")[4..], [Error(Restore::NONE), Finished]);
    }

    #[test]
    fn katakana_state() {
        assert_eq!(decode(b"\x1B(I\x21")[3], DecodeStep::Emit('\u{FF61}'));
        assert_eq!(decode(b"\x1B(I\x5F")[3], DecodeStep::Emit('\u{FF9F}'));
        assert_eq!(decode(b"\x1B(I\x60")[3], DecodeStep::Error(Restore::NONE));
    }

    #[test]
    fn encoder_steps() {
        let mut e = Iso2022JpEncoder::default();
        // Step 3.
        assert_eq!(e.code_point('\u{1B}'), EncodeStep::Error('\u{FFFD}'));
        // Step 7, then step 5.2.
        assert_eq!(e.code_point('\u{A5}'), EncodeStep::BytesThenAgain(TO_ROMAN));
        assert_eq!(
            e.code_point('\u{A5}'),
            EncodeStep::Bytes(ByteSequence::one(0x5C))
        );
        // Step 5 excludes U+005C: step 6.
        assert_eq!(e.code_point('\\'), EncodeStep::BytesThenAgain(TO_ASCII));
        // Step 9: U+FF76 is U+30AB, pointer 4 × 94 + 10 = 386 (0x25 0x2B).
        assert_eq!(
            e.code_point('\u{FF76}'),
            EncodeStep::BytesThenAgain(TO_JIS0208)
        );
        assert_eq!(
            e.code_point('\u{FF76}'),
            EncodeStep::Bytes(ByteSequence::two(0x25, 0x2B))
        );
        // Step 11.1, then 11.2.
        assert_eq!(
            e.code_point('\u{E000}'),
            EncodeStep::BytesThenAgain(TO_ASCII)
        );
        assert_eq!(e.code_point('\u{E000}'), EncodeStep::Error('\u{E000}'));
        // Steps 1 and 2.
        assert_eq!(e.end(), EncodeStep::Finished);
        e.code_point('\u{A5}');
        assert_eq!(e.end(), EncodeStep::Bytes(TO_ASCII));
        assert_eq!(e.end(), EncodeStep::Finished);
    }

    /// The run of kanji and kana: from the ASCII state, step 12's escape only before a code
    /// point that index jis0208 has (a code point of the run's range that it lacks leaves the
    /// output and the state to the steps), then the pairs, then step 6's escape before ASCII;
    /// from UTF-8 and from UTF-16 alike.
    #[test]
    fn run_escapes_only_before_a_pair() {
        use crate::forms::input::Input;
        let unmapped = ('\u{4E00}'..JIS0208_DIRECT.end)
            .find(|&c| jis0208_pointer(c).is_none())
            .unwrap();
        let mapped = format!("\u{6F22}\u{5B57}a{unmapped}");
        let units: Vec<u16> = mapped.encode_utf16().collect();
        let expected = [0x1B, 0x24, 0x42, 0x34, 0x41, 0x3B, 0x7A, 0x1B, 0x28, 0x42];
        let mut out = [0u8; 16];

        let mut e = Iso2022JpEncoder::default();
        let mut cursor = mapped.as_str().cursor();
        assert_eq!(e.run(&mut cursor, &mut out), expected.len());
        assert_eq!(out[..expected.len()], expected);
        assert!(e.state == EncoderState::Ascii && cursor.first_unit() == Some(u32::from(b'a')));

        let mut e = Iso2022JpEncoder::default();
        let mut cursor = units.as_slice().cursor();
        assert_eq!(e.run(&mut cursor, &mut out), expected.len());
        assert_eq!(out[..expected.len()], expected);
        assert_eq!(cursor.first_unit(), Some(u32::from(b'a')));

        let lone = unmapped.to_string();
        let lone_units: Vec<u16> = lone.encode_utf16().collect();
        for mut e in [
            Iso2022JpEncoder::default(),
            Iso2022JpEncoder {
                state: EncoderState::Roman,
            },
        ] {
            let state = e.state;
            assert_eq!(e.run(&mut lone.as_str().cursor(), &mut out), 0);
            assert_eq!(e.run(&mut lone_units.as_slice().cursor(), &mut out), 0);
            assert!(e.state == state);
        }
        // No room for the escape and a pair: nothing.
        let mut e = Iso2022JpEncoder::default();
        assert_eq!(e.run(&mut mapped.as_str().cursor(), &mut out[..4]), 0);
        assert!(e.state == EncoderState::Ascii);
    }
}
