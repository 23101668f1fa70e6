//! What a run was measured on and with: the processor and its vector extensions, the
//! compiler, the commit, and the build settings that change the code (profile overrides,
//! `RUSTFLAGS`, the crate's own environment variables). The benchmark page prints it with
//! each section, since a ratio means little without it.

use std::process::Command;

/// The facts about one run.
pub struct Machine {
    /// The processor's model name, as `/proc/cpuinfo` gives it.
    pub cpu: String,
    /// How many threads the machine runs at once.
    pub threads: usize,
    /// The vector extensions that matter to the kernels, as run-time detection sees them.
    pub features: Vec<&'static str>,
    /// `rustc -V`.
    pub rustc: String,
    /// The commit measured, with a mark when the work tree had changes.
    pub commit: String,
    /// The load average over the last minute when the run ended (`/proc/loadavg`): above
    /// the thread count, other work shared the processor and the figures are less sure.
    pub load: Option<f64>,
    /// Settings that change the build or the code taken: `CARGO_PROFILE_*`, `RUSTFLAGS`,
    /// `WHATWG_ENCODING_*`, as `NAME=value`.
    pub settings: Vec<String>,
}

impl Machine {
    /// Reads the facts from this process's environment.
    pub fn read() -> Machine {
        Machine {
            cpu: cpu_model().unwrap_or_else(|| "unknown processor".to_owned()),
            threads: std::thread::available_parallelism().map_or(0, usize::from),
            features: features(),
            rustc: output_of("rustc", &["-V"]).unwrap_or_else(|| "rustc (unknown)".to_owned()),
            commit: commit().unwrap_or_else(|| "unknown commit".to_owned()),
            load: load(),
            settings: settings(),
        }
    }

    /// One Markdown paragraph that says all of it.
    pub fn describe(&self) -> String {
        let features = match self.features.as_slice() {
            [] => "none of SSE2 to AVX-512 detected".to_owned(),
            features => features.join(", "),
        };
        let settings = match self.settings.as_slice() {
            [] => "no profile overrides, no RUSTFLAGS".to_owned(),
            settings => settings
                .iter()
                .map(|setting| format!("`{setting}`"))
                .collect::<Vec<_>>()
                .join(", "),
        };
        let load = self.load.map_or_else(String::new, |load| {
            format!("; load average {load:.1} at the end")
        });
        format!(
            "{} ({} threads; {features}{load}); {}; commit {}; {settings}.",
            self.cpu, self.threads, self.rustc, self.commit
        )
    }
}

/// The first `model name` of `/proc/cpuinfo`.
fn cpu_model() -> Option<String> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    let line = cpuinfo
        .lines()
        .find(|line| line.starts_with("model name"))?;
    Some(line.split_once(':')?.1.trim().to_owned())
}

/// The one-minute load average.
fn load() -> Option<f64> {
    let loadavg = std::fs::read_to_string("/proc/loadavg").ok()?;
    loadavg.split_whitespace().next()?.parse().ok()
}

/// The vector extensions the processor reports, of those the kernels could use.
fn features() -> Vec<&'static str> {
    let mut found = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        let detected: [(&str, bool); 9] = [
            ("SSE2", is_x86_feature_detected!("sse2")),
            ("SSSE3", is_x86_feature_detected!("ssse3")),
            ("SSE4.2", is_x86_feature_detected!("sse4.2")),
            ("POPCNT", is_x86_feature_detected!("popcnt")),
            ("AVX2", is_x86_feature_detected!("avx2")),
            ("AVX-512F", is_x86_feature_detected!("avx512f")),
            ("AVX-512BW", is_x86_feature_detected!("avx512bw")),
            ("AVX-512VL", is_x86_feature_detected!("avx512vl")),
            ("AVX-512VBMI", is_x86_feature_detected!("avx512vbmi")),
        ];
        found.extend(detected.iter().filter(|(_, on)| *on).map(|(name, _)| *name));
    }
    found
}

/// The commit of the checkout this benchmark was built from.
fn commit() -> Option<String> {
    let dir = env!("CARGO_MANIFEST_DIR");
    let commit = output_of("git", &["-C", dir, "rev-parse", "--short", "HEAD"])?;
    let changed = output_of(
        "git",
        &["-C", dir, "status", "--porcelain", "--untracked-files=no"],
    )
    .is_some_and(|status| !status.is_empty());
    Some(if changed {
        format!("{commit} with uncommitted changes")
    } else {
        commit
    })
}

/// The environment variables that change what is measured. `WHATWG_ENCODING_DATA` is
/// cargo's, passed on from the build script (where the tables were built from), not a
/// setting.
fn settings() -> Vec<String> {
    let mut settings: Vec<String> = std::env::vars()
        .filter(|(name, _)| {
            name.starts_with("CARGO_PROFILE_")
                || name == "RUSTFLAGS"
                || name.starts_with("WHATWG_ENCODING_") && name != "WHATWG_ENCODING_DATA"
        })
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    settings.sort();
    settings
}

/// The trimmed standard output of `program args`, if it ran and succeeded.
pub fn output_of(program: &str, args: &[&str]) -> Option<String> {
    let output = Command::new(program).args(args).output().ok()?;
    if !output.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&output.stdout).trim().to_owned())
}
