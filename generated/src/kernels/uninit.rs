//! Output bytes not yet written ([`MaybeUninit<u8>`]), which the kernels that write UTF-8
//! write into: a `String`'s spare capacity, or a buffer of bytes lent as such ([`as_uninit`]).

use core::mem::MaybeUninit;

/// `bytes` as bytes not yet written, for a kernel that writes into those.
#[inline(always)]
pub(crate) fn as_uninit(bytes: &mut [u8]) -> &mut [MaybeUninit<u8>] {
    // SAFETY: `MaybeUninit<u8>` has the layout of `u8`, and the slice is borrowed for as
    // long. The one way to leave a byte uninitialised through it, writing
    // `MaybeUninit::uninit()` or an uninitialised value, is what no kernel does: they write
    // bytes ([`put`], `MaybeUninit::write`) and registers computed from loaded bytes
    // (`Bytes::store_uninit` and the stores of `arch/x86_64/`), all initialised.
    unsafe { &mut *(bytes as *mut [u8] as *mut [MaybeUninit<u8>]) }
}

/// [`as_uninit`] of an array.
#[inline(always)]
pub(crate) fn as_uninit_array<const N: usize>(bytes: &mut [u8; N]) -> &mut [MaybeUninit<u8>; N] {
    // SAFETY: as `as_uninit`'s, for an array of the same length.
    unsafe { &mut *(bytes as *mut [u8; N] as *mut [MaybeUninit<u8>; N]) }
}

/// Writes `bytes` into `dst` in one store of `N` bytes.
#[inline(always)]
pub(crate) fn put<const N: usize>(dst: &mut [MaybeUninit<u8>; N], bytes: [u8; N]) {
    // SAFETY: `dst` is `N` writable bytes, borrowed exclusively, and `[u8; N]` has the
    // size of `[MaybeUninit<u8>; N]` and alignment 1; the bytes written are initialised.
    unsafe { dst.as_mut_ptr().cast::<[u8; N]>().write(bytes) }
}
