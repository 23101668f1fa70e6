//! A small FIFO of bytes: the bytes a decoder handler restored that are to be processed
//! before the next byte of input, and the bytes of a numeric character reference.
//!
//! Sixteen bytes, enough for every use: the longest reference is ISO-2022-JP's return to
//! ASCII followed by `&#1114111;` (13 bytes); a decoder queues at most three restored bytes
//! ahead of at most a few it had queued. One size means one copy of each operation in the
//! binary. The operations are the loops' rare paths, so they are kept out of line, and
//! written without a panic path.

/// The capacity.
const N: usize = 16;

#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ByteQueue {
    bytes: [u8; N],
    start: u8,
    end: u8,
}

impl ByteQueue {
    pub(crate) const fn new() -> Self {
        ByteQueue {
            bytes: [0; N],
            start: 0,
            end: 0,
        }
    }

    /// The queue of `bytes[start..]`.
    pub(crate) fn from_tail(bytes: [u8; N], start: usize) -> Self {
        ByteQueue {
            bytes,
            start: start.min(N) as u8,
            end: N as u8,
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.as_slice().len()
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.start >= self.end
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[u8] {
        self.bytes
            .get(self.start as usize..self.end as usize)
            .unwrap_or_default()
    }

    #[inline]
    pub(crate) fn pop_front(&mut self) -> Option<u8> {
        let b = *self.as_slice().first()?;
        self.start += 1;
        Some(b)
    }

    /// Puts `bytes` in front of what is queued. The callers never queue more than N bytes;
    /// were they to, the excess would be dropped rather than panic.
    #[inline(never)]
    pub(crate) fn push_front_all(&mut self, bytes: &[u8]) {
        let mut v = [0u8; N];
        let n = copy_at(&mut v, 0, bytes);
        let end = n + copy_at(&mut v, n, self.as_slice());
        debug_assert_eq!(end, bytes.len() + self.len(), "ByteQueue overflow");
        *self = ByteQueue {
            bytes: v,
            start: 0,
            end: end as u8,
        };
    }

    /// Puts `bytes` after what is queued (with the same limit).
    #[inline(never)]
    pub(crate) fn push_back_all(&mut self, bytes: &[u8]) {
        if self.start > 0 {
            self.push_front_all(&[]);
        }
        let end = self.end as usize;
        let n = copy_at(&mut self.bytes, end, bytes);
        debug_assert_eq!(n, bytes.len(), "ByteQueue overflow");
        self.end = (end + n) as u8;
    }
}

/// Copies as much of `src` as fits into `dst` from `at`; returns how much.
fn copy_at(dst: &mut [u8], at: usize, src: &[u8]) -> usize {
    let dst = dst.get_mut(at..).unwrap_or_default();
    let n = src.len().min(dst.len());
    dst[..n].copy_from_slice(&src[..n]);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_queue_keeps_order_when_bytes_are_put_back_in_front() {
        let mut q = ByteQueue::new();
        q.push_back_all(b"cd");
        assert_eq!(q.pop_front(), Some(b'c'));
        q.push_front_all(b"ab");
        assert_eq!(q.as_slice(), b"abd");
        q.push_back_all(b"ef");
        assert_eq!(q.as_slice(), b"abdef");
        assert_eq!(q.len(), 5);
        for b in *b"abdef" {
            assert_eq!(q.pop_front(), Some(b));
        }
        assert!(q.is_empty());
        assert_eq!(q.pop_front(), None);
    }

    #[test]
    fn a_tail_is_a_queue() {
        let mut bytes = [0u8; N];
        bytes[N - 2..].copy_from_slice(b"xy");
        let mut q = ByteQueue::from_tail(bytes, N - 2);
        assert_eq!(q.as_slice(), b"xy");
        q.push_back_all(b"z");
        assert_eq!(q.as_slice(), b"xyz");
    }
}
