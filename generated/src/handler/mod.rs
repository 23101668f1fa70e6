//! The standard's handlers (section 4.1), as traits the generic loops in [`crate::run`] drive.
//!
//! A decoder handler is given one byte (or end-of-queue) and answers with a [`DecodeStep`]; an
//! encoder handler is given one code point (or end-of-queue) and answers with an
//! [`EncodeStep`]. Everything an encoding family does differently lives behind these two
//! traits; buffering, error modes, output-buffer limits and resumption live once in the loops.

pub(crate) mod decode;
pub(crate) mod encode;

pub(crate) use decode::{DecodeHandler, DecodeStep, Restore};
pub(crate) use encode::{ByteSequence, EncodeHandler, EncodeStep};
