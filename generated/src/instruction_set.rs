//! Which instruction set the bulk loops run on.
//!
//! On x86-64 the kernels are compiled for SSE2 (every x86-64 processor has it) and, with
//! `std`, for SSSE3 and AVX2, chosen at run time where the processor has them (asked once,
//! then cached); `WHATWG_ENCODING_NO_WIDE=1` stops at SSSE3. Every other target runs the
//! portable implementation. [`Implementation::current`] says which one runs, and
//! [`Implementation::force`] lets a test or a benchmark run another the machine has; the
//! output is the same whichever runs.

pub use crate::kernels::{Implementation, Unavailable};
