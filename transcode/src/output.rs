//! Where the transcoded bytes go: standard output, or OUT through a temporary file beside it
//! that is renamed over OUT only when the run succeeds (so a failed run leaves no output
//! file, and a reader of OUT never sees half of it).

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::failure::Failure;

/// The destination of a run.
pub enum Output {
    Stdout(io::StdoutLock<'static>),
    File {
        temporary: NamedTempFile,
        path: PathBuf,
    },
}

impl Output {
    /// Standard output, or a new temporary file in OUT's directory.
    pub fn open(path: Option<&Path>) -> Result<Output, Failure> {
        let Some(path) = path else {
            return Ok(Output::Stdout(io::stdout().lock()));
        };
        let directory = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let name = path
            .file_name()
            .unwrap_or(path.as_os_str())
            .to_string_lossy();
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".part");
        #[cfg(unix)]
        {
            // A file's usual mode (0666 less the umask) rather than the temporary file's 0600.
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let temporary = builder
            .tempfile_in(directory)
            .map_err(|error| Failure::Io {
                what: format!("creating a temporary file in {}", directory.display()),
                error,
            })?;
        Ok(Output::File {
            temporary,
            path: path.to_owned(),
        })
    }

    /// What the error messages call this output.
    pub fn describe(&self) -> String {
        match self {
            Output::Stdout(_) => "standard output".to_owned(),
            Output::File { path, .. } => path.display().to_string(),
        }
    }

    /// Ends the run: renames the temporary file over OUT.
    pub fn commit(self) -> Result<(), Failure> {
        let Output::File { temporary, path } = self else {
            return Ok(());
        };
        let file: File = temporary.persist(&path).map_err(|error| Failure::Io {
            what: format!("renaming the output to {}", path.display()),
            error: error.error,
        })?;
        drop(file);
        Ok(())
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(stdout) => stdout.write(buf),
            Output::File { temporary, .. } => temporary.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(stdout) => stdout.flush(),
            Output::File { temporary, .. } => temporary.flush(),
        }
    }
}
