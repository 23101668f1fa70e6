//! Why a run stopped, with the message and exit status each cause gets.

use std::io;
use std::process::ExitCode;

use whatwg_encoding::io::{MalformedSequence, UnmappableCharacter};

/// A run that could not finish.
#[derive(Debug)]
pub enum Failure {
    /// The command line asks for something that cannot be done (exit status 2, as clap's
    /// own usage errors).
    Usage(String),
    /// `--fatal`: a malformed sequence in `file`.
    Malformed {
        file: String,
        sequence: MalformedSequence,
    },
    /// `--fatal`: a character of `file` that the output encoding cannot represent, and where
    /// it is: in the input, or else in the decoded text.
    Unmappable {
        file: String,
        character: UnmappableCharacter,
        at: String,
    },
    /// Reading or writing failed.
    Io { what: String, error: io::Error },
}

impl Failure {
    /// Prints the message to standard error and gives the exit status.
    pub fn report(self) -> ExitCode {
        let (message, status) = match self {
            // The reader of standard output has gone (`| head`): nothing more to do.
            Failure::Io { error, .. } if error.kind() == io::ErrorKind::BrokenPipe => {
                return ExitCode::SUCCESS;
            }
            Failure::Usage(message) => (message, 2),
            Failure::Malformed { file, sequence } => (format!("{file}: {sequence}"), 1),
            Failure::Unmappable {
                file,
                character,
                at,
            } => {
                let code_point = character.code_point();
                let message = format!(
                    "{file}: U+{:04X} ({}) cannot be encoded in {}: {at}",
                    code_point as u32,
                    code_point.escape_debug(),
                    character.encoding().name()
                );
                (message, 1)
            }
            Failure::Io { what, error } => (format!("{what}: {error}"), 1),
        };
        eprintln!("whatwg-transcode: {message}");
        ExitCode::from(status)
    }
}
