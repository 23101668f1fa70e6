//! `encoding-gen`: check the WHATWG Encoding Standard's data, audit what changed between two
//! editions of it, and import an update. Run `encoding-gen --help` for the commands; with no
//! command it checks the bundled data and audits it against the 2021 edition.

#![forbid(unsafe_code)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
