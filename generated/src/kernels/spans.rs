//! The loop every converting kernel shares: spans of ASCII copied in bulk between other
//! characters converted one at a time.

/// Converts `src` into `dst`: a span starting with a unit `is_ascii` accepts goes to
/// `copy_span` (returning the units copied), any other unit to `step` (converting one
/// character, returning (read, written) or `None` to stop). Returns (read, written).
#[inline(always)]
pub(crate) fn convert_spans<S: Copy, D>(
    src: &[S],
    dst: &mut [D],
    is_ascii: impl Fn(S) -> bool,
    copy_span: impl Fn(&[S], &mut [D]) -> usize,
    step: impl Fn(&[S], &mut [D]) -> Option<(usize, usize)>,
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    loop {
        let rest = src.get(read..).unwrap_or_default();
        let out = dst.get_mut(written..).unwrap_or_default();
        let Some(&first) = rest.first() else {
            break;
        };
        let (r, w) = if is_ascii(first) {
            match copy_span(rest, out) {
                0 => break,
                n => (n, n),
            }
        } else {
            match step(rest, out) {
                Some(rw) => rw,
                None => break,
            }
        };
        read += r;
        written += w;
    }
    (read, written)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Even numbers are "ASCII", copied; odd ones are doubled into two units, while there
    /// is room; 99 cannot be converted.
    fn toy(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        convert_spans(
            src,
            dst,
            |b| b % 2 == 0,
            |s, d| {
                let n = s.iter().take_while(|&&b| b % 2 == 0).count().min(d.len());
                d[..n].copy_from_slice(&s[..n]);
                n
            },
            |s, d| match (s, d) {
                ([99, ..], _) => None,
                ([b, ..], [d0, d1, ..]) => {
                    (*d0, *d1) = (*b, *b);
                    Some((1, 2))
                }
                _ => None,
            },
        )
    }

    #[test]
    fn alternates_runs_and_steps_and_stops_where_either_stops() {
        let mut dst = [0u8; 16];
        assert_eq!(toy(&[2, 4, 1, 6, 3, 3], &mut dst), (6, 9));
        assert_eq!(dst[..9], [2, 4, 1, 1, 6, 3, 3, 3, 3]);
        assert_eq!(toy(&[2, 99, 4], &mut dst), (1, 1));
        assert_eq!(toy(&[2, 4, 1], &mut dst[..3]), (2, 2));
        assert_eq!(toy(&[1, 2, 4], &mut dst[..3]), (2, 3));
        assert_eq!(toy(&[], &mut dst), (0, 0));
    }
}
