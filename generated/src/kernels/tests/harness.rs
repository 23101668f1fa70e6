//! The one harness every kernel is tested with, on each implementation the machine has
//! ([`every_isa!`]): against a reference, at every length 0 to 64 and some long ones, every
//! source and destination alignment 0 to 15, every room, with guard units around the output.
//!
//! A reference gives the steps the kernel must take (characters or runs, each as the units it
//! reads and writes) up to where it must stop. A kernel's answer must fall on a step's end,
//! write exactly the steps' output, stop only where the next step does not fit (or at the
//! reference's stop), and write nothing outside its room or further past its output than
//! its contract allows.

use core::fmt::Debug;

/// `(input units, output units)` for each step a kernel takes, up to where it must stop.
pub(crate) type Steps<D> = Vec<(usize, Vec<D>)>;

/// How a kernel may use its output beyond what it writes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Contract {
    /// How many units past those it counts as written it may overwrite (within its room).
    pub(crate) spill: usize,
    /// How much more room than a character's own output it may need to take the character.
    pub(crate) slack: usize,
}

impl Contract {
    pub(crate) const EXACT: Contract = Contract { spill: 0, slack: 0 };

    pub(crate) const fn spilling(spill: usize) -> Contract {
        Contract { spill, slack: 0 }
    }
}

/// All of 0 to 64, then a few that take many blocks.
pub(crate) fn lengths() -> impl Iterator<Item = usize> {
    (0..=64).chain([65, 100, 127, 128, 129, 200, 300])
}

/// What the output holds where the kernel must not write: a value no kernel writes there by
/// chance in the tests' texts.
pub(crate) trait Guard: Copy + PartialEq + Debug {
    const GUARD: Self;
}

impl Guard for u8 {
    const GUARD: u8 = 0xEE;
}

impl Guard for u16 {
    const GUARD: u16 = 0xEEEE;
}

/// Units of guard after the output's room.
const AFTER: usize = 80;

/// Every piece of each text at each of `lengths` and source alignments (all of 0 to 15 up to
/// 64 units, a few beyond), each with its alignment.
fn pieces<S>(texts: &[Vec<S>]) -> impl Iterator<Item = (&[S], usize)> {
    texts.iter().flat_map(|text| {
        lengths().flat_map(move |len| {
            let aligns: &[usize] = match len {
                0..=64 => &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
                _ => &[0, 1, 7, 15],
            };
            aligns
                .iter()
                .filter_map(move |&align| Some((text.get(align..align + len)?, align)))
        })
    })
}

/// Runs `kernel` on every piece of each text ([`pieces`]) as [`check_piece`] does: into every
/// room and at every destination alignment from source alignment 0; returns how many calls
/// it checked.
pub(crate) fn check<S: Copy + Debug, D: Guard>(
    texts: &[Vec<S>],
    reference: impl Fn(&[S]) -> Steps<D>,
    contract: Contract,
    kernel: impl Fn(&[S], &mut [D]) -> (usize, usize),
) -> usize {
    let piece = |(src, align): (&[S], usize)| {
        let (every_room, dst_aligns) = (
            src.len() <= 64 && align == 0,
            if align == 0 { 16 } else { 1 },
        );
        check_piece(src, every_room, dst_aligns, &reference, contract, &kernel)
    };
    pieces(texts).map(piece).sum()
}

/// Runs `kernel` on `src` against `reference`'s steps under `contract`: into every room from
/// none to more than its whole output if `every_room`, else into a few; at destination
/// alignment 0, and with room for all of it at 1 to `dst_aligns - 1`. Returns how many calls
/// it checked.
pub(crate) fn check_piece<S: Copy + Debug, D: Guard>(
    src: &[S],
    every_room: bool,
    dst_aligns: usize,
    reference: impl Fn(&[S]) -> Steps<D>,
    contract: Contract,
    kernel: impl Fn(&[S], &mut [D]) -> (usize, usize),
) -> usize {
    let steps = reference(src);
    let whole: usize = steps.iter().map(|(_, out)| out.len()).sum();
    let most = whole + contract.spill + contract.slack + 4;
    let rooms: Vec<usize> = if every_room {
        (0..=most).collect()
    } else {
        vec![0, 1, whole / 2, whole.saturating_sub(1), whole, most]
    };
    let rooms = rooms
        .into_iter()
        .map(|room| (room, 0))
        .chain((1..dst_aligns).map(|a| (whole + contract.spill + contract.slack, a)));
    let one = |(room, dst_align)| check_one(src, &steps, contract, room, dst_align, &kernel);
    rooms.map(one).count()
}

/// One call of `kernel` into `room` units at `dst_align` units into a guarded buffer.
fn check_one<S: Debug, D: Guard>(
    src: &[S],
    steps: &[(usize, Vec<D>)],
    contract: Contract,
    room: usize,
    dst_align: usize,
    kernel: &impl Fn(&[S], &mut [D]) -> (usize, usize),
) {
    let mut buf = vec![D::GUARD; dst_align + room + AFTER];
    let (read, written) = kernel(src, &mut buf[dst_align..dst_align + room]);
    // What a failure names: the call's answer and arguments.
    let at = (read, written, "into", room, "at", dst_align);
    let ok = |holds: bool, what: &str| assert!(holds, "{what} {at:?}: {src:x?}");
    // On a step's boundary, with the steps' output before it.
    let mut taken = 0;
    let (mut r, mut w) = (0, 0);
    while (r, w) != (read, written) {
        let Some((step_read, out)) = steps.get(taken) else {
            return ok(false, "stopped at no step's end");
        };
        ok(r < read || w < written, "stopped inside a step");
        let end = w + out.len();
        ok(end <= written, "inside a step");
        let got = &buf[dst_align + w..dst_align + end];
        assert_eq!(got, out, "output {at:?}: {src:x?}");
        r += step_read;
        w = end;
        taken += 1;
    }
    // Stopped at the reference's stop, or where the next step does not fit.
    if let Some((_, next)) = steps.get(taken) {
        let fits = written + next.len() + contract.slack <= room;
        let of = steps.len();
        assert!(
            !fits,
            "stopped early, before step {taken} of {of} {at:?}: {src:x?}"
        );
    }
    // Nothing written outside the room, or further past the output than allowed.
    let untouched = (written + contract.spill).min(room);
    let guarded = |units: &[D]| units.iter().all(|&u| u == D::GUARD);
    ok(guarded(&buf[..dst_align]), "wrote before");
    ok(guarded(&buf[dst_align + untouched..]), "wrote past");
}

/// Runs `scan` (the length of the longest prefix it accepts) on every piece of each text
/// ([`pieces`]) against `reference`; returns how many calls it checked.
pub(crate) fn check_scan<S: Copy + Debug>(
    texts: &[Vec<S>],
    reference: impl Fn(&[S]) -> usize,
    scan: impl Fn(&[S]) -> usize,
) -> usize {
    let one = |(src, _): (&[S], usize)| assert_eq!(scan(src), reference(src), "{src:x?}");
    pieces(texts).map(one).count()
}

/// Runs `scan` on every piece of each text ([`pieces`]) against the length of the prefix of
/// units that `accept` takes; returns how many calls it checked.
pub(crate) fn check_prefix<S: Copy + Debug>(
    texts: &[Vec<S>],
    accept: impl Fn(S) -> bool,
    scan: impl Fn(&[S]) -> usize,
) -> usize {
    let prefix = |src: &[S]| src.iter().take_while(|&&s| accept(s)).count();
    check_scan(texts, prefix, scan)
}

/// A unit a step, each as the units `map` gives it, up to the first it gives none for.
pub(crate) fn unit_steps<S: Copy, D>(
    map: impl Fn(S) -> Option<Vec<D>>,
) -> impl Fn(&[S]) -> Steps<D> {
    move |src| src.iter().map_while(|&s| Some((1, map(s)?))).collect()
}

/// `kernel`, which answers with one count for what it read and wrote, as [`check`] calls it.
pub(crate) fn counted<S, D>(
    kernel: impl Fn(&[S], &mut [D]) -> usize,
) -> impl Fn(&[S], &mut [D]) -> (usize, usize) {
    move |src, dst| {
        let n = kernel(src, dst);
        (n, n)
    }
}

/// The UTF-8 of `c`.
pub(crate) fn utf8(c: char) -> Vec<u8> {
    c.to_string().into_bytes()
}

/// The UTF-16 of `c`.
pub(crate) fn utf16(c: char) -> Vec<u16> {
    c.encode_utf16(&mut [0; 2]).to_vec()
}

/// The longest prefix of `bytes` that is UTF-8, as the standard library finds it.
pub(crate) fn valid_prefix(bytes: &[u8]) -> &str {
    match core::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => core::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    }
}

/// A character a step of the longest prefix of `src` that is UTF-8, each as the units `map`
/// gives it, up to the first it gives none for.
pub(crate) fn char_steps<D>(map: impl Fn(char) -> Option<Vec<D>>) -> impl Fn(&[u8]) -> Steps<D> {
    move |src| {
        let chars = valid_prefix(src).chars();
        chars.map_while(|c| Some((c.len_utf8(), map(c)?))).collect()
    }
}

/// `text`, then `text` with each of `pieces` at each of `places`: over the units there if
/// `over`, else inserted before them.
pub(crate) fn with_each_at<S: Copy>(
    text: &[S],
    pieces: &[&[S]],
    places: impl Iterator<Item = usize> + Clone,
    over: bool,
) -> Vec<Vec<S>> {
    let mut texts = vec![text.to_vec()];
    for piece in pieces {
        for at in places.clone() {
            let mut with = text.to_vec();
            let end = if over { at + piece.len() } else { at };
            with.splice(at..end, piece.iter().copied());
            texts.push(with);
        }
    }
    texts
}

/// Texts of `len` units from `unit`, each with one `stop` at a position (each of the first
/// 80, then every 37th), and one without.
pub(crate) fn with_stop_everywhere<S: Copy>(
    len: usize,
    unit: impl Fn(usize) -> S,
    stop: S,
) -> Vec<Vec<S>> {
    let text: Vec<S> = (0..len).map(unit).collect();
    let places = (0..len).filter(|&at| at < 80 || at % 37 == 0);
    with_each_at(&text, &[&[stop]], places, true)
}

/// `N` units of `neighbours` with each of `units` at lane `u % N`, the neighbours taken in
/// turn by `u / N`; each with its lane.
pub(crate) fn at_every_lane<'a, T: Copy + Into<usize>, const N: usize>(
    units: impl Iterator<Item = T> + 'a,
    neighbours: &'a [T],
) -> impl Iterator<Item = ([T; N], usize)> + 'a {
    units.map(move |u| {
        let (lane, turn) = (u.into() % N, u.into() / N);
        let mut src = [neighbours[turn % neighbours.len()]; N];
        src[lane] = u;
        (src, lane)
    })
}

/// Runs `kernel` as [`check_piece`] does on pieces of `text` from and to character boundaries
/// (from each of the first 64 and every 61st after, up to 64 bytes on and some up to 300),
/// into every room from the first sixteen, at every destination alignment from the first;
/// returns how many calls it checked.
pub(crate) fn check_str_pieces<D: Guard>(
    text: &str,
    reference: impl Fn(&[u8]) -> Steps<D>,
    contract: Contract,
    kernel: impl Fn(&[u8], &mut [D]) -> (usize, usize),
) -> usize {
    let boundaries: Vec<usize> = (0..=text.len())
        .filter(|&i| text.is_char_boundary(i))
        .collect();
    let mut checked = 0;
    let starts = boundaries
        .iter()
        .enumerate()
        .filter(|&(n, _)| n < 64 || n % 61 == 0);
    for (n, &start) in starts {
        let ends = boundaries.iter().filter(|&&end| {
            end >= start && (end - start <= 64 || (end - start <= 300 && (end - start) % 61 == 0))
        });
        for &end in ends {
            let every_room = n < 16 && end - start <= 64;
            let dst_aligns = if n == 0 { 16 } else { 1 };
            let piece = &text.as_bytes()[start..end];
            checked += check_piece(piece, every_room, dst_aligns, &reference, contract, &kernel);
        }
    }
    checked
}
