//! The blocks of [`super`] in plain Rust: what non-x86-64 targets compile, and the
//! reference the tests hold the SSE2 forms to.

use crate::fast::linear_run::{LinearRun, BLOCK};

/// Narrows `src` into `dst` by `run` ([`LinearRun::byte_of`]: ASCII or in the run), all
/// sixteen bytes stored; returns a mask of the other units, bit `i` for unit `i` (their
/// bytes are not meaningful), 0 when all sixteen are ASCII or in the run.
#[inline(always)]
pub(crate) fn narrow_block(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], run: LinearRun) -> u32 {
    let mut taken = 0u32;
    for (i, (&u, d)) in src.iter().zip(dst.iter_mut()).enumerate() {
        let offset = u.wrapping_sub(run.first);
        let ascii = u < 0x80;
        // The low byte is the contract: exact for the units counted.
        *d = if ascii {
            u as u8
        } else {
            run.byte.wrapping_add(offset as u8)
        };
        taken |= u32::from(ascii || offset < run.len) << i;
    }
    !taken & 0xFFFF
}

/// Widens `src` into `dst` (each byte its unit), translating the bytes of `run`
/// (`run.byte..run.byte + run.len`, all above 0x7F, as [`LinearRun::longest`] finds them)
/// to its code points; returns a mask of the other bytes above 0x7F, bit `i` for byte `i`,
/// whose units the caller must look up (they hold the byte).
#[inline(always)]
pub(crate) fn widen_block(src: &[u8; BLOCK], dst: &mut [u16; BLOCK], run: LinearRun) -> u32 {
    let mut others = 0;
    for (i, (&b, d)) in src.iter().zip(dst.iter_mut()).enumerate() {
        let offset = u16::from(b.wrapping_sub(run.byte));
        *d = if offset < run.len {
            run.first.wrapping_add(offset)
        } else {
            others |= u32::from(b >= 0x80) << i;
            u16::from(b)
        };
    }
    others
}
