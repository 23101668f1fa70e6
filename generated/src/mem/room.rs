//! The one check the conversions with a documented minimum destination length make.

/// Panics unless a destination of `available` units holds the `needed` units a conversion
/// documents as its minimum; reported at the public function's caller.
#[inline]
#[track_caller]
pub(super) fn assert_room(needed: usize, available: usize) {
    assert!(
        available >= needed,
        "Destination of length {available} is shorter than the {needed} this conversion requires."
    );
}
