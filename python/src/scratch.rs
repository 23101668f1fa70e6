//! Buffers that each thread keeps between calls, for a `str`'s code points and UTF-16 and for
//! the bytes encoded from them: zeroed once as they grow rather than allocated and zeroed
//! (the crate's encoders write into initialized slices) at every call.

use std::cell::RefCell;

/// The most that a thread keeps of each buffer after a call: a larger one is given back.
const KEPT: usize = 4 << 20;

/// The buffers of one encode from UTF-16.
#[derive(Default)]
pub(crate) struct Scratch {
    /// A `str`'s code points.
    pub(crate) code_points: Vec<u32>,
    /// Their UTF-16.
    pub(crate) utf16: Vec<u16>,
    /// The bytes encoded from it.
    pub(crate) bytes: Vec<u8>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// At least `len` elements of `buffer` to write into (what they hold is left over).
pub(crate) fn room<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) -> &mut [T] {
    if buffer.len() < len {
        buffer.resize(len, T::default());
    }
    buffer
}

/// Runs `f` with this thread's buffers; with new ones if they are in use (`f` running again
/// within itself).
pub(crate) fn with_scratch<T>(f: impl FnOnce(&mut Scratch) -> T) -> T {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => {
            let result = f(&mut scratch);
            for len in [
                scratch.code_points.len() * 4,
                scratch.utf16.len() * 2,
                scratch.bytes.len(),
            ] {
                if len > KEPT {
                    *scratch = Scratch::default();
                    break;
                }
            }
            result
        }
        Err(_) => f(&mut Scratch::default()),
    })
}
