//! The portable implementation: plain Rust, what every target but x86-64 compiles (and
//! x86-64 under `--cfg whatwg_encoding_portable`). Bytes are tested and copied a 64-bit
//! word at a time ([`Words`]: the word-at-a-time form of the SIMD blocks, which x86-64
//! builds use too where it measured faster), and the code unit blocks are loops over arrays
//! written for the compiler to vectorize where the target has vectors.

#[cfg(any(test, not(kernels_x86_64)))]
mod code_units;
mod words;

pub(crate) use words::Words;

#[cfg(any(test, not(kernels_x86_64)))]
use crate::kernels::{
    block::{Isa, BLOCK_OUT, UNITS},
    dispatch::Implementation,
    utf8::pack,
};
#[cfg(any(test, not(kernels_x86_64)))]
use crate::tables::LinearBytes;
#[cfg(any(test, not(kernels_x86_64)))]
use core::mem::MaybeUninit;

/// The portable implementation of the kernels; every target has it.
#[cfg(any(test, not(kernels_x86_64)))]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

#[cfg(any(test, not(kernels_x86_64)))]
impl Isa for Portable {
    const IMPLEMENTATION: Implementation = Implementation::Portable;
    type Bytes16 = Words<2>;
    type Bytes32 = Words<4>;
    type Bytes64 = Words<8>;

    #[inline(always)]
    fn widen(self, src: &[u8; 16], dst: &mut [u16; 16], run: LinearBytes) -> u32 {
        code_units::widen_block(src, dst, run)
    }

    #[inline(always)]
    fn narrow(self, src: &[u16; 16], dst: &mut [MaybeUninit<u8>; 16], run: LinearBytes) -> u32 {
        code_units::narrow_block(src, dst, run)
    }

    #[inline(always)]
    fn utf8_one_or_two_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize {
        pack::one_or_two_bytes(units, out)
    }

    #[inline(always)]
    fn utf8_one_to_three_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize {
        pack::one_to_three_bytes(units, out)
    }
}
