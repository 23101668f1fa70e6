//! The calls that return or grow owned buffers (`Cow`, `String`, `Vec`), behind the `alloc`
//! feature: encoding_rs's one-shot `decode`/`encode` and the streaming `*_to_string`/
//! `*_to_vec` forms. Everything below this module works on caller-provided slices and
//! allocates nothing, so that without `alloc` the crate needs no allocator.

mod one_shot;
mod spare;
mod streaming;
