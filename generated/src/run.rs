//! The generic loops: section 4.1's "run" for a decoder or encoder handler over one buffer.
//!
//! Written once, monomorphised per handler, so that there is no dynamic dispatch per byte.
//! The loops own what every encoding needs the same way: output that did not fit in the
//! caller's buffer (kept and written first on the next call, so a handler can be resumed
//! mid-character), bytes a handler restored that came from an earlier buffer, the error
//! modes, and the fast paths.

use crate::handler::{DecodeHandler, DecodeStep, EncodeHandler, EncodeStep};
use crate::{DecoderResult, EncoderResult};

/// The error mode of section 4.1 a loop runs in. The "html" mode is only for encoders and
/// "replacement" only for decoders; `Replace` stands for both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ErrorMode {
    /// Decoders: an error becomes U+FFFD. Encoders: an error becomes a decimal numeric
    /// character reference (the standard's "html" mode).
    Replace,
    /// An error stops the loop and is reported.
    Fatal,
}

/// A small FIFO of bytes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ByteQueue<const N: usize> {
    bytes: [u8; N],
    start: u8,
    end: u8,
}

impl<const N: usize> Default for ByteQueue<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> ByteQueue<N> {
    pub(crate) fn new() -> Self {
        ByteQueue {
            bytes: [0; N],
            start: 0,
            end: 0,
        }
    }
    #[inline]
    pub(crate) fn len(&self) -> usize {
        (self.end - self.start) as usize
    }
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.start == self.end
    }
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.bytes[self.start as usize..self.end as usize]
    }
    pub(crate) fn pop_front(&mut self) -> Option<u8> {
        if self.is_empty() {
            return None;
        }
        let b = self.bytes[self.start as usize];
        self.start += 1;
        Some(b)
    }
    /// Puts `bytes` in front of what is queued.
    pub(crate) fn push_front_all(&mut self, bytes: &[u8]) {
        let mut v = [0u8; N];
        let rest = self.as_slice();
        v[..bytes.len()].copy_from_slice(bytes);
        v[bytes.len()..bytes.len() + rest.len()].copy_from_slice(rest);
        self.end = (bytes.len() + rest.len()) as u8;
        self.start = 0;
        self.bytes = v;
    }
    pub(crate) fn push_back_all(&mut self, bytes: &[u8]) {
        if self.start > 0 {
            self.push_front_all(&[]);
        }
        let end = self.end as usize;
        self.bytes[end..end + bytes.len()].copy_from_slice(bytes);
        self.end += bytes.len() as u8;
    }
    pub(crate) fn clear(&mut self) {
        self.start = 0;
        self.end = 0;
    }
    /// Writes as much of the queue into `dst` as the whole fits, else nothing.
    fn flush_into(&mut self, dst: &mut [u8]) -> Option<usize> {
        let n = self.len();
        if n > dst.len() {
            return None;
        }
        dst[..n].copy_from_slice(self.as_slice());
        self.clear();
        Some(n)
    }
}

/// What a decoder keeps between calls besides its handler's own state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct DecodeState {
    /// Restored bytes that came from an earlier buffer ("prepended to ioQueue").
    pending_in: ByteQueue<6>,
    /// UTF-8 that did not fit in the caller's buffer.
    pending_out: ByteQueue<8>,
    /// Bytes given to the handler since its last output or error, for reporting the length of
    /// a malformed sequence.
    seq_len: u8,
}

impl DecodeState {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Bytes this state holds that may still turn into output, at most.
    pub(crate) fn held(&self) -> usize {
        self.pending_in.len() + self.seq_len as usize
    }

    /// Output already produced but not yet written.
    pub(crate) fn pending_output(&self) -> usize {
        self.pending_out.len()
    }
}

/// Writes `c` as UTF-8, or keeps it for the next call if it does not fit.
#[inline(always)]
fn put_char(c: char, dst: &mut [u8], written: &mut usize, pending: &mut ByteQueue<8>) -> bool {
    let len = c.len_utf8();
    if dst.len() - *written >= len {
        c.encode_utf8(&mut dst[*written..]);
        *written += len;
        true
    } else {
        let mut buf = [0u8; 4];
        pending.push_back_all(c.encode_utf8(&mut buf).as_bytes());
        false
    }
}

/// Decodes `src` into `dst` as UTF-8 with handler `h`; section 4.1's "process a queue" with
/// `last` meaning that end-of-queue follows `src`.
///
/// Returns the result, bytes read, bytes written and whether any error was replaced.
#[inline]
pub(crate) fn decode<H: DecodeHandler>(
    h: &mut H,
    st: &mut DecodeState,
    src: &[u8],
    dst: &mut [u8],
    last: bool,
    mode: ErrorMode,
) -> (DecoderResult, usize, usize, bool) {
    let mut read = 0;
    let mut written = 0;
    let mut replaced = false;
    if !st.pending_out.is_empty() {
        match st.pending_out.flush_into(dst) {
            Some(n) => written = n,
            None => return (DecoderResult::OutputFull, 0, 0, false),
        }
    }
    // How many of the bytes most recently given to the handler came straight from `src`:
    // those are restored by moving `read` back rather than by queueing them.
    let mut from_src: usize = 0;
    loop {
        let step = if let Some(b) = st.pending_in.pop_front() {
            from_src = 0;
            st.seq_len += 1;
            h.byte(b)
        } else if read < src.len() {
            if h.between_sequences() {
                let (r, w) = h.bulk(&src[read..], &mut dst[written..]);
                read += r;
                written += w;
                if read == src.len() {
                    continue;
                }
                if written == dst.len() {
                    return (DecoderResult::OutputFull, read, written, replaced);
                }
            }
            let b = src[read];
            read += 1;
            from_src += 1;
            st.seq_len += 1;
            h.byte(b)
        } else if last {
            h.end()
        } else {
            return (DecoderResult::InputEmpty, read, written, replaced);
        };
        match step {
            DecodeStep::Continue => {
                if h.between_sequences() {
                    st.seq_len = 0;
                }
            }
            DecodeStep::Emit(c) => {
                st.seq_len = 0;
                if !put_char(c, dst, &mut written, &mut st.pending_out) {
                    return (DecoderResult::OutputFull, read, written, replaced);
                }
            }
            DecodeStep::EmitTwo(a, b) => {
                st.seq_len = 0;
                let first = put_char(a, dst, &mut written, &mut st.pending_out);
                let second = if first {
                    put_char(b, dst, &mut written, &mut st.pending_out)
                } else {
                    let mut buf = [0u8; 4];
                    st.pending_out
                        .push_back_all(b.encode_utf8(&mut buf).as_bytes());
                    false
                };
                if !second {
                    return (DecoderResult::OutputFull, read, written, replaced);
                }
            }
            DecodeStep::Error(restore) => {
                let restored = restore.len as usize;
                let malformed = (st.seq_len as usize).saturating_sub(restored) as u8;
                st.seq_len = 0;
                if restored > 0 {
                    if restored <= from_src {
                        // Handlers restore the last bytes they were given, so these are the
                        // bytes just read.
                        debug_assert_eq!(&src[read - restored..read], restore.as_slice());
                        read -= restored;
                        from_src -= restored;
                    } else {
                        st.pending_in.push_front_all(restore.as_slice());
                        from_src = 0;
                    }
                }
                match mode {
                    ErrorMode::Fatal => {
                        return (
                            DecoderResult::Malformed(malformed, 0),
                            read,
                            written,
                            replaced,
                        );
                    }
                    ErrorMode::Replace => {
                        replaced = true;
                        if !put_char('\u{FFFD}', dst, &mut written, &mut st.pending_out) {
                            return (DecoderResult::OutputFull, read, written, replaced);
                        }
                    }
                }
            }
            DecodeStep::Finished => {
                st.seq_len = 0;
                return (DecoderResult::InputEmpty, read, written, replaced);
            }
        }
    }
}

/// What an encoder keeps between calls besides its handler's own state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct EncodeState {
    /// Bytes that did not fit in the caller's buffer: at most a numeric character reference
    /// ("&#1114111;") after an escape sequence.
    pending_out: ByteQueue<16>,
}

impl EncodeState {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    pub(crate) fn pending_output(&self) -> usize {
        self.pending_out.len()
    }
}

/// Writes `bytes`, or keeps what does not fit for the next call.
#[inline(always)]
fn put_bytes(
    bytes: &[u8],
    dst: &mut [u8],
    written: &mut usize,
    pending: &mut ByteQueue<16>,
) -> bool {
    if dst.len() - *written >= bytes.len() {
        dst[*written..*written + bytes.len()].copy_from_slice(bytes);
        *written += bytes.len();
        true
    } else {
        pending.push_back_all(bytes);
        false
    }
}

/// Runs `h` over `code_point` until it is handled, collecting the bytes (for a numeric
/// character reference's characters, which are always encodable).
fn encode_into_queue<H: EncodeHandler>(h: &mut H, code_point: char, out: &mut ByteQueue<16>) {
    loop {
        match h.code_point(code_point) {
            EncodeStep::Bytes(b) => {
                out.push_back_all(b.as_slice());
                return;
            }
            EncodeStep::BytesThenAgain(b) => out.push_back_all(b.as_slice()),
            EncodeStep::Error(_) | EncodeStep::Finished => return,
        }
    }
}

/// The standard's html error mode: "&#" + the code point in decimal + ";", each of which is
/// put through the handler (which matters for ISO-2022-JP, whose state may need to change).
fn numeric_character_reference<H: EncodeHandler>(h: &mut H, code_point: char) -> ByteQueue<16> {
    let mut out = ByteQueue::new();
    encode_into_queue(h, '&', &mut out);
    encode_into_queue(h, '#', &mut out);
    let mut digits = [0u8; 7];
    let mut n = code_point as u32;
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        encode_into_queue(h, d as char, &mut out);
    }
    encode_into_queue(h, ';', &mut out);
    out
}

/// Encodes `src` into `dst` with handler `h`; `last` means that end-of-queue follows `src`.
///
/// Returns the result, bytes read, bytes written and whether any unmappable code point was
/// replaced by a numeric character reference.
#[inline]
pub(crate) fn encode<H: EncodeHandler>(
    h: &mut H,
    st: &mut EncodeState,
    src: &str,
    dst: &mut [u8],
    last: bool,
    mode: ErrorMode,
) -> (EncoderResult, usize, usize, bool) {
    let mut read = 0;
    let mut written = 0;
    let mut replaced = false;
    if !st.pending_out.is_empty() {
        match st.pending_out.flush_into(dst) {
            Some(n) => written = n,
            None => return (EncoderResult::OutputFull, 0, 0, false),
        }
    }
    loop {
        let (r, w) = h.bulk(&src[read..], &mut dst[written..]);
        read += r;
        written += w;
        let step = match src[read..].chars().next() {
            Some(c) => {
                let step = h.code_point(c);
                if !matches!(step, EncodeStep::BytesThenAgain(_)) {
                    read += c.len_utf8();
                }
                step
            }
            None if last => h.end(),
            None => return (EncoderResult::InputEmpty, read, written, replaced),
        };
        match step {
            EncodeStep::Bytes(b) | EncodeStep::BytesThenAgain(b) => {
                if !put_bytes(b.as_slice(), dst, &mut written, &mut st.pending_out) {
                    return (EncoderResult::OutputFull, read, written, replaced);
                }
            }
            EncodeStep::Error(c) => match mode {
                ErrorMode::Fatal => return (EncoderResult::Unmappable(c), read, written, replaced),
                ErrorMode::Replace => {
                    replaced = true;
                    let ncr = numeric_character_reference(h, c);
                    if !put_bytes(ncr.as_slice(), dst, &mut written, &mut st.pending_out) {
                        return (EncoderResult::OutputFull, read, written, replaced);
                    }
                }
            },
            EncodeStep::Finished => return (EncoderResult::InputEmpty, read, written, replaced),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handler::Restore;

    #[test]
    fn byte_queue_keeps_order_when_bytes_are_put_back_in_front() {
        let mut q = ByteQueue::<6>::new();
        q.push_back_all(b"cd");
        assert_eq!(q.pop_front(), Some(b'c'));
        q.push_front_all(b"ab");
        assert_eq!(q.as_slice(), b"abd");
        q.push_back_all(b"ef");
        assert_eq!(q.as_slice(), b"abdef");
        assert_eq!(q.len(), 5);
        q.clear();
        assert!(q.is_empty());
        assert_eq!(q.pop_front(), None);
    }

    /// A handler that turns every byte into two code points, the second needing three bytes:
    /// the loop must keep what does not fit and write it first on the next call.
    struct Doubler;

    impl DecodeHandler for Doubler {
        const ASCII_FAST_PATH: bool = false;
        fn byte(&mut self, byte: u8) -> DecodeStep {
            DecodeStep::EmitTwo(byte as char, '\u{20AC}')
        }
        fn end(&mut self) -> DecodeStep {
            DecodeStep::Finished
        }
        fn between_sequences(&self) -> bool {
            true
        }
    }

    #[test]
    fn output_that_does_not_fit_is_written_on_the_next_call() {
        for out_len in 3..=9 {
            let mut st = DecodeState::new();
            let mut h = Doubler;
            let src = b"abc";
            let mut read = 0;
            let mut text = Vec::new();
            loop {
                let mut dst = vec![0u8; out_len];
                let (result, r, w, _) = decode(
                    &mut h,
                    &mut st,
                    &src[read..],
                    &mut dst,
                    true,
                    ErrorMode::Replace,
                );
                read += r;
                text.extend_from_slice(&dst[..w]);
                // Only whole characters are ever written.
                assert!(std::str::from_utf8(&dst[..w]).is_ok());
                match result {
                    DecoderResult::InputEmpty => break,
                    DecoderResult::OutputFull => {}
                    DecoderResult::Malformed(..) => unreachable!(),
                }
            }
            assert_eq!(
                std::str::from_utf8(&text).unwrap(),
                "a\u{20AC}b\u{20AC}c\u{20AC}",
                "out_len {out_len}"
            );
        }
    }

    /// A handler that decodes "abc" as one character and, after "ab" and anything else,
    /// returns an error restoring the last two bytes: restored bytes that came from an
    /// earlier buffer must be queued, those from the current one re-read.
    #[derive(Default)]
    struct Restorer {
        held: Vec<u8>,
    }

    impl DecodeHandler for Restorer {
        const ASCII_FAST_PATH: bool = false;
        fn byte(&mut self, byte: u8) -> DecodeStep {
            if self.held.is_empty() && byte == b'a' {
                self.held.push(byte);
                return DecodeStep::Continue;
            }
            if self.held == b"a" && byte == b'b' {
                self.held.push(byte);
                return DecodeStep::Continue;
            }
            if self.held == b"ab" {
                self.held.clear();
                return if byte == b'c' {
                    DecodeStep::Emit('\u{1F600}')
                } else {
                    DecodeStep::Error(Restore::two(b'b', byte))
                };
            }
            self.held.clear();
            DecodeStep::Emit(byte as char)
        }
        fn end(&mut self) -> DecodeStep {
            DecodeStep::Finished
        }
        fn between_sequences(&self) -> bool {
            self.held.is_empty()
        }
    }

    #[test]
    fn restored_bytes_from_an_earlier_buffer_are_processed_next() {
        // "abd": "a" is the malformed part; "b" and "d" are decoded again, whichever buffer
        // they came from.
        for cut in 0..=3 {
            let src = b"abd";
            let mut st = DecodeState::new();
            let mut h = Restorer::default();
            let mut dst = [0u8; 32];
            let (r1, read1, w1, _) = decode(
                &mut h,
                &mut st,
                &src[..cut],
                &mut dst,
                false,
                ErrorMode::Replace,
            );
            assert_eq!((r1, read1), (DecoderResult::InputEmpty, cut));
            let (r2, read2, w2, _) = decode(
                &mut h,
                &mut st,
                &src[cut..],
                &mut dst[w1..],
                true,
                ErrorMode::Replace,
            );
            assert_eq!(
                (r2, read2),
                (DecoderResult::InputEmpty, 3 - cut),
                "cut {cut}"
            );
            let text = std::str::from_utf8(&dst[..w1 + w2]).unwrap();
            assert_eq!(text, "\u{FFFD}bd", "cut {cut}");
        }
    }
}
