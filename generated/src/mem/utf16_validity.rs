//! Where UTF-16 stops being valid, and making it valid: UTF-16 from outside (a JavaScript
//! string, a Windows file name) may hold unpaired surrogates, which UTF-8 cannot hold.

use crate::kernels::utf16::valid;

/// Returns the index of the first unpaired surrogate, or `buffer.len()` if the UTF-16 is
/// valid: how much of it converts to UTF-8 without loss.
pub fn utf16_valid_up_to(buffer: &[u16]) -> usize {
    valid::utf16_valid_up_to(buffer)
}

/// Replaces each unpaired surrogate with U+FFFD REPLACEMENT CHARACTER in place, so that
/// the UTF-16 can be handed to code that requires it valid.
pub fn ensure_utf16_validity(buffer: &mut [u16]) {
    let mut i = 0;
    loop {
        i += valid::utf16_valid_up_to(buffer.get(i..).unwrap_or_default());
        let Some(unpaired) = buffer.get_mut(i) else {
            return;
        };
        *unpaired = 0xFFFD;
        i += 1;
    }
}
