//! The progress bar: on a terminal, for inputs of known size over a few megabytes; nothing
//! otherwise (piped, redirected, or standard input).

use std::io::{self, IsTerminal};

use indicatif::{ProgressBar, ProgressStyle};

/// Inputs smaller than this finish before a bar would tell anything.
const THRESHOLD: u64 = 4 * 1024 * 1024;

/// A bar over `total` input bytes, or a hidden one.
pub fn bar(total: Option<u64>) -> ProgressBar {
    match total {
        Some(total) if total > THRESHOLD && io::stderr().is_terminal() => {
            let style = ProgressStyle::with_template(
                "{wide_bar} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            ProgressBar::new(total).with_style(style)
        }
        _ => ProgressBar::hidden(),
    }
}
