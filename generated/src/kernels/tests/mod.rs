//! The kernel test harness ([`harness`]), and the primitives of every implementation against
//! the same operation on each lane.

pub(crate) mod harness;

use crate::kernels::dispatch::every_isa;
use crate::kernels::isa::{Implementation, Isa, Units, Vector};
use crate::kernels::uninit::as_uninit_array;

/// [`every_isa!`] runs every implementation the machine has (as `std` detects them), and
/// names them in the test output.
#[test]
fn every_implementation_the_processor_has_runs() {
    use std::io::Write;

    let mut ran = Vec::new();
    every_isa!(|isa| ran.push(isa_of(isa)));
    fn isa_of<I: Isa>(_: I) -> Implementation {
        I::IMPLEMENTATION
    }
    // Straight to the standard error, which the test harness does not capture.
    let _ = writeln!(std::io::stderr(), "kernel implementations tested: {ran:?}");
    assert_eq!(ran[0], Implementation::Portable);
    // On x86-64 the portable implementation is tested beside those a build can choose.
    let chosen = usize::from(cfg!(kernels_x86_64));
    assert_eq!(ran[chosen..], *Implementation::available());
    #[cfg(all(kernels_x86_64, feature = "std"))]
    {
        let ssse3 = is_x86_feature_detected!("ssse3") && is_x86_feature_detected!("popcnt");
        let avx2 = ssse3 && is_x86_feature_detected!("avx2");
        assert_eq!(ran.contains(&Implementation::Ssse3), ssse3, "{ran:?}");
        assert_eq!(ran.contains(&Implementation::Avx2), avx2, "{ran:?}");
    }
}

fn bytes<const N: usize, V: Vector<N>>(v: V) -> [u8; N] {
    let mut out = [0; N];
    v.store(as_uninit_array(&mut out));
    out
}

fn lanes<const N: usize, V: Vector<N>>(v: V) -> Vec<u16> {
    bytes(v)
        .chunks(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect()
}

fn of_lanes<const N: usize, V: Vector<N>>(lanes: &[u16]) -> V {
    let mut b = [0; N];
    for (pair, u) in b.chunks_mut(2).zip(lanes) {
        pair.copy_from_slice(&u.to_le_bytes());
    }
    V::load(&b)
}

/// The high bits of a register whose bytes or lanes are `bits`.
fn high(bits: impl Iterator<Item = bool>) -> u64 {
    bits.enumerate().fold(0, |m, (i, b)| m | u64::from(b) << i)
}

/// A two-register operation and the same on each lane.
type Binary<V> = (fn(V, V) -> V, fn(u16, u16) -> u16);

/// Each operation of registers of `N` bytes, on registers from `seed`, against the same
/// operation on each byte or lane.
fn check_vector<const N: usize, V: Vector<N>>(seed: u64) {
    let mut state = seed;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        // The high sixteen bits.
        (state >> 48) as u16
    };
    // Lanes of every kind: small, near the signed and unsigned edges, equal in both.
    let edges = [
        0, 1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0x8001, 0xFFFF,
    ];
    let a: Vec<u16> = (0..N / 2)
        .map(|i| {
            if i % 3 == 0 {
                edges[next() as usize % 10]
            } else {
                next()
            }
        })
        .collect();
    let b: Vec<u16> = a
        .iter()
        .map(|&x| if next() % 3 == 0 { x } else { next() })
        .collect();
    let (va, vb): (V, V) = (of_lanes(&a), of_lanes(&b));
    let each = |f: &dyn Fn(u16, u16) -> u16| -> Vec<u16> {
        a.iter().zip(&b).map(|(&x, &y)| f(x, y)).collect()
    };
    fn mask(c: bool) -> u16 {
        u16::from(c) * 0xFFFF
    }
    let binary: &[Binary<V>] = &[
        (V::and, |x, y| x & y),
        (V::or, |x, y| x | y),
        (V::xor, |x, y| x ^ y),
        (V::and_not, |x, y| x & !y),
        (V::eq16, |x, y| mask(x == y)),
        (V::lt16, |x, y| mask((x as i16) < (y as i16))),
        (V::lt16u, |x, y| mask(x < y)),
        (V::add16, |x, y| x.wrapping_add(y)),
        (V::sub16, |x, y| x.wrapping_sub(y)),
        (|a, _| a.shl16::<6>(), |x, _| x << 6),
        (|a, _| a.shr16::<12>(), |x, _| x >> 12),
        (|a, b| a.keep16(a.eq16(b)), |x, y| x & mask(x == y)),
        (
            |a, b| a.eq16(b).select(a, b),
            |x, y| x & mask(x == y) | y & !mask(x == y),
        ),
    ];
    for (i, (op, lane)) in binary.iter().enumerate() {
        assert_eq!(lanes(op(va, vb)), each(lane), "operation {i}");
    }
    for bound in [0, 1, 0x80, 0x7FFF, 0x8000] {
        let (below_a, below_b) = (va.below16(bound), vb.below16(bound));
        let below = a.iter().chain(&b).map(|&x| x < bound);
        assert_eq!(V::movemask16(below_a, below_b), high(below));
        let either = a.iter().zip(&b).map(|(&x, &y)| x < bound || y < bound);
        assert_eq!(
            V::movemask16(below_a.or(below_b), below_b.or(below_a)),
            high(either.clone().chain(either))
        );
        assert_eq!(lanes(va.keep16(below_b)), each(&|x, y| x & mask(y < bound)));
    }
    assert_eq!(lanes(V::splat16(a[0])), vec![a[0]; N / 2]);
    let both = a.iter().chain(&b);
    assert_eq!(V::movemask16(va, vb), high(both.map(|&x| x >= 0x8000)));
    let (ba, bb) = (bytes(va), bytes(vb));
    let equal = ba.iter().zip(&bb).map(|(x, y)| x == y);
    assert_eq!(va.eq(vb).movemask(), high(equal));
    assert_eq!(va.movemask(), high(ba.iter().map(|&x| x >= 0x80)));
    assert_eq!(va.is_ascii(), ba.is_ascii());
    assert_eq!(va.first_set(), ba.iter().position(|&x| x >= 0x80));
    assert_eq!(V::splat(0x41).first_set(), None);
    for bound in [0x80, 0x100, 0x800, 0x8000] {
        assert_eq!(va.lanes_below(bound), a.iter().all(|&x| x < bound));
    }
    assert_eq!(bytes(V::splat(ba[1])), [ba[1]; N]);
    let eight = ba.first_chunk().expect("eight bytes");
    let zeros = [0; N];
    assert_eq!(bytes(V::load8(eight))[..], [&ba[..8], &zeros[8..]].concat());
    let (lo, hi) = V::load_widened(&ba);
    assert_eq!([lanes(lo), lanes(hi)].concat(), ba.map(u16::from));
    // Lanes up to 0xFF, which narrowing keeps.
    let (la, lb): (V, V) = (
        of_lanes(&each(&|x, _| x & 0xFF)),
        of_lanes(&each(&|_, y| y & 0xFF)),
    );
    let narrowed: Vec<u8> = a.iter().chain(&b).map(|&x| x as u8).collect();
    assert_eq!(bytes(la.narrow(lb))[..], narrowed);
    let (lo, hi) = va.interleave16(vb);
    let zipped = |half: usize| -> Vec<u16> {
        let (a, b) = (&a, &b);
        let at = move |h: usize| (0..4).map(move |i| 8 * h + 4 * half + i);
        (0..N / 16)
            .flat_map(at)
            .flat_map(|at| [a[at], b[at]])
            .collect()
    };
    assert_eq!((lanes(lo), lanes(hi)), (zipped(0), zipped(1)));
}

/// Every primitive of every implementation, at every width, on many registers.
#[test]
fn primitives_do_what_each_lane_would() {
    fn check<I: Isa>(isa: I) {
        for seed in 0..2000 {
            check_vector::<16, I::V>(seed);
            check_vector::<32, I::W>(seed);
            check_vector::<64, I::X>(seed);
            let units: [u16; 16] = core::array::from_fn(|i| {
                (seed as u16)
                    .wrapping_mul(40503)
                    .wrapping_add((i as u16).wrapping_mul(7919))
            });
            let mut out = [0u16; 16];
            I::W::load_units(&units).store_units(&mut out);
            assert_eq!(out, units);
            let low = units.map(|u| u & 0xFF);
            let mut narrowed = [0u8; 16];
            I::V::narrow_store(&low, as_uninit_array(&mut narrowed));
            assert_eq!(narrowed, low.map(|u| u as u8));
            let mut wide = [0u8; 32];
            let both: [u16; 32] = core::array::from_fn(|i| low[i % 16]);
            I::W::narrow_store(&both, as_uninit_array(&mut wide));
            assert_eq!(wide[16..], narrowed);
            let twice: [u16; 32] = core::array::from_fn(|i| units[i % 16]);
            for bound in [0x80, 0x100, 0x800] {
                let below = units.iter().all(|&u| u < bound);
                assert_eq!(I::V::units_below(&units, bound), below);
                assert_eq!(I::W::units_below(&twice, bound), below);
            }
            let mut widened = [0u16; 32];
            let src: [u8; 32] =
                core::array::from_fn(|i| (i as u8).wrapping_mul(41).wrapping_add(seed as u8));
            let first = src.iter().position(|&b| b >= 0x80);
            assert_eq!(I::W::widen_store(&src, &mut widened), first);
            assert_eq!(widened, src.map(u16::from));
            assert_eq!(I::W::widen_ascii(&src, &mut widened), src.is_ascii());
            let ascii: [u8; 32] = src.map(|b| b & 0x7F);
            assert!(I::W::widen_ascii(&ascii, &mut widened));
            assert_eq!(widened, ascii.map(u16::from));
            let (lo, hi) = I::halves(I::W::load_units(&units));
            assert_eq!(lanes(I::from_halves(lo, hi)), units.to_vec());
            assert_eq!(lanes(lo), units[..8].to_vec());
            // A shuffle's every index, its high bit set or not.
            let table: [u8; 16] = core::array::from_fn(|i| {
                (seed as u8)
                    .wrapping_mul(37)
                    .wrapping_add((i as u8).wrapping_mul(29))
            });
            let v = I::V::load(&core::array::from_fn(|i| i as u8 * 3));
            let expected = table.map(|t| if t & 0x80 == 0 { (t & 15) * 3 } else { 0 });
            assert_eq!(bytes(isa.shuffle(v, I::V::load(&table))), expected);
            let wide =
                isa.shuffle_wide(I::from_halves(v, v), I::from_halves(I::V::load(&table), v));
            assert_eq!(bytes(wide)[..16], expected);
            let x = (seed as u32).wrapping_mul(2654435761);
            assert_eq!(isa.popcount(x), x.count_ones());
        }
    }
    every_isa!(|isa| check(isa));
}
