//! Which build of encoding_rs this binary was compared against. Its features unify within
//! one build and leave no trace a program can query, so this reads them from the command
//! line of the process that started the benchmark: `cargo bench ... --features
//! encoding_rs/fast-legacy-encode` gives the build with the fast legacy encoders.

/// The encoding_rs build, as the `cargo` command that started this process asked for it.
pub enum Build {
    /// No encoding_rs features on the command line: its default build.
    Default,
    /// `encoding_rs/fast-legacy-encode`: table-driven legacy encoders.
    FastLegacyEncode,
    /// Other encoding_rs features (such as one `fast-*-encode` alone).
    Other(Vec<String>),
    /// Not started by cargo (or not on Linux): the build cannot be told.
    Unknown,
}

/// The build, and the command line it was read from (the program without its folder).
pub fn detect() -> (Build, Option<String>) {
    let Some(args) = parent_command_line() else {
        return (Build::Unknown, None);
    };
    let program = args
        .first()
        .map(|arg| arg.rsplit('/').next().unwrap_or(arg));
    let rest = args.iter().skip(1).map(String::as_str);
    let command = program
        .into_iter()
        .chain(rest)
        .collect::<Vec<_>>()
        .join(" ");
    if program != Some("cargo") {
        return (Build::Unknown, Some(command));
    }
    let features = encoding_rs_features(&args);
    let build = if features.is_empty() {
        Build::Default
    } else if features
        .iter()
        .any(|feature| feature == "fast-legacy-encode")
    {
        Build::FastLegacyEncode
    } else {
        Build::Other(features)
    };
    (build, Some(command))
}

impl Build {
    /// How the summary names this build.
    pub fn describe(&self) -> String {
        match self {
            Build::Default => "encoding_rs's default build".to_owned(),
            Build::FastLegacyEncode => "encoding_rs with fast-legacy-encode".to_owned(),
            Build::Other(features) => format!("encoding_rs with {}", features.join(", ")),
            Build::Unknown => "encoding_rs, build unknown (not started by cargo)".to_owned(),
        }
    }
}

/// The features given to encoding_rs (`encoding_rs/NAME` in `--features`/`-F`), without
/// the prefix; arguments after `--` go to the benchmark and are not looked at.
fn encoding_rs_features(args: &[String]) -> Vec<String> {
    let mut lists: Vec<&str> = Vec::new();
    let mut args = args.iter().take_while(|arg| *arg != "--");
    while let Some(arg) = args.next() {
        if arg == "--features" || arg == "-F" {
            lists.extend(args.next().map(String::as_str));
        } else if let Some(list) = arg.strip_prefix("--features=") {
            lists.push(list);
        } else if let Some(list) = arg.strip_prefix("-F") {
            lists.push(list);
        }
    }
    lists
        .iter()
        .flat_map(|list| list.split([',', ' ']))
        .filter_map(|feature| feature.strip_prefix("encoding_rs/"))
        .map(str::to_owned)
        .collect()
}

/// The arguments of the parent process, from `/proc`.
fn parent_command_line() -> Option<Vec<String>> {
    #[cfg(unix)]
    {
        let parent = std::os::unix::process::parent_id();
        let bytes = std::fs::read(format!("/proc/{parent}/cmdline")).ok()?;
        let args = bytes.split(|&b| b == 0).filter(|arg| !arg.is_empty());
        Some(
            args.map(|arg| String::from_utf8_lossy(arg).into_owned())
                .collect(),
        )
    }
    #[cfg(not(unix))]
    {
        None
    }
}
