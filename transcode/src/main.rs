//! `whatwg-transcode`: transcodes text between the encodings of the WHATWG Encoding Standard,
//! streaming through whatwg-encoding's io adapters in constant memory.
//!
//! ```text
//! whatwg-transcode [-f LABEL] [-t LABEL] [--bom] [--fatal] [-o OUT] [FILE...]
//! whatwg-transcode --sniff html|xml|css [--content-type VALUE] [--parent LABEL] [--locale TAG]
//!                  [--autodetect] [-v] [--print-encoding] [-t LABEL] [--bom] [--fatal] [-o OUT] [FILE...]
//! whatwg-transcode --list
//! ```

#![forbid(unsafe_code)]

mod args;
mod failure;
mod labels;
mod locate;
mod output;
mod progress;
mod sink;
mod sniffing;
mod transcode;
mod utf16;
mod whole;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = args::Args::parse();
    if args.list {
        return labels::print_list();
    }
    match transcode::run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
