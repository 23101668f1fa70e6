//! How much of a document sniffing reads.

/// How many bytes the prescan, *get an XML encoding* and CSS's `@charset` look at: the
/// standards' 1024, which is also the most a [`Sniffer`](super::Sniffer) holds.
pub const PRESCAN_LENGTH: usize = 1024;
