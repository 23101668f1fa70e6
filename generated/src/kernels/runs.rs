//! The loop every converting kernel shares: text alternates runs of ASCII, copied in bulk,
//! with other characters, converted one at a time, until the input ends or a character
//! cannot be converted (invalid, or no room for it).

/// Converts `src` into `dst`: a run starting with a unit `is_ascii` accepts goes to
/// `copy_run` (which returns how many units it copied, the same count read and written),
/// any other unit to `step`, which converts the one character at the start of its input
/// into the start of its output and returns (read, written), or `None` to stop there.
/// Returns the total (read, written).
#[inline(always)]
pub(crate) fn convert_runs<S: Copy, D>(
    src: &[S],
    dst: &mut [D],
    is_ascii: impl Fn(S) -> bool,
    copy_run: impl Fn(&[S], &mut [D]) -> usize,
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
            match copy_run(rest, out) {
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

/// Repeats `step` (which converts what it can at the start of its input into the start of
/// its output and returns (read, written), or `None` to stop) from where the last step
/// ended, while it converts; returns the total, or `None` if the first step did not
/// convert: the non-ASCII side of [`convert_runs`], as a loop of its own.
#[inline(always)]
pub(crate) fn repeat_step<S, D>(
    src: &[S],
    dst: &mut [D],
    step: impl Fn(&[S], &mut [D]) -> Option<(usize, usize)>,
) -> Option<(usize, usize)> {
    let mut read = 0;
    let mut written = 0;
    while let Some((r, w)) = step(
        src.get(read..).unwrap_or_default(),
        dst.get_mut(written..).unwrap_or_default(),
    ) {
        read += r;
        written += w;
    }
    (read > 0).then_some((read, written))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Even numbers are "ASCII", copied; odd ones are doubled into two units, while there
    /// is room; 99 cannot be converted.
    fn toy(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        convert_runs(
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

    #[test]
    fn repeat_step_sums_the_steps_and_is_none_when_the_first_stops() {
        // Each step takes one unit below 5 and writes it twice, while there is room.
        let step = |s: &[u8], d: &mut [u8]| match (s, d) {
            ([b @ 0..=4, ..], [d0, d1, ..]) => {
                (*d0, *d1) = (*b, *b);
                Some((1, 2))
            }
            _ => None,
        };
        let mut dst = [0u8; 5];
        assert_eq!(repeat_step(&[1, 2, 9, 3], &mut dst, step), Some((2, 4)));
        assert_eq!(dst[..4], [1, 1, 2, 2]);
        assert_eq!(repeat_step(&[1, 2, 3], &mut dst, step), Some((2, 4)));
        assert_eq!(repeat_step(&[9, 1], &mut dst, step), None);
        assert_eq!(repeat_step(&[], &mut dst, step), None);
    }
}
