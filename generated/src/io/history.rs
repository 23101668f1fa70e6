//! The last bytes a decoder has read, so that an error can show a malformed sequence that
//! began in an earlier buffer.

/// How many bytes are kept: more than a malformed sequence and the bytes read after it
/// (`DecoderResult::Malformed(length, after)`) ever span.
const KEPT: usize = 16;

/// The last [`KEPT`] bytes read, oldest first.
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    bytes: [u8; KEPT],
    len: usize,
}

impl History {
    /// Records that `read` were read after the bytes already recorded.
    pub(crate) fn push(&mut self, read: &[u8]) {
        let tail = read.get(read.len().saturating_sub(KEPT)..).unwrap_or(read);
        let keep = (KEPT - tail.len()).min(self.len);
        self.bytes.copy_within(self.len - keep..self.len, 0);
        if let Some(dst) = self.bytes.get_mut(keep..keep + tail.len()) {
            dst.copy_from_slice(tail);
        }
        self.len = keep + tail.len();
    }

    /// The `length` bytes that end `after` bytes before the last byte read, or fewer if not
    /// that many were kept.
    pub(crate) fn before_last(&self, after: usize, length: usize) -> &[u8] {
        let end = self.len.saturating_sub(after);
        let start = end.saturating_sub(length);
        self.bytes.get(start..end).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_bytes_across_pushes() {
        let mut history = History::default();
        history.push(b"abc");
        history.push(b"de");
        assert_eq!(history.before_last(0, 5), b"abcde");
        assert_eq!(history.before_last(1, 2), b"cd");
        history.push(b"0123456789ABCDEFGH");
        assert_eq!(history.before_last(0, 3), b"FGH");
        assert_eq!(history.before_last(0, 99), b"23456789ABCDEFGH");
        history.push(b"!");
        assert_eq!(history.before_last(0, 16), b"3456789ABCDEFGH!");
        assert_eq!(history.before_last(20, 2), b"");
    }
}
