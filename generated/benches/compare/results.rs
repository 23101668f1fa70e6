//! Reads criterion's results: the median time of each group member from
//! `{output}/{group}/{member}/new/estimates.json`, named by the `benchmark.json` beside it.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Median times in nanoseconds, by group name and member name.
#[derive(Default)]
pub struct Results {
    times: HashMap<(String, String), f64>,
}

impl Results {
    /// Every result under `output` (a criterion output folder, or a saved copy of one); with
    /// `since`, only those written at or after it, so that an earlier run's leftovers are not
    /// taken for this run's.
    pub fn read(output: &Path, since: Option<SystemTime>) -> Results {
        let mut results = Results::default();
        for member in subfolders(output).flat_map(|group| subfolders(&group)) {
            let new = member.join("new");
            let estimates = new.join("estimates.json");
            if let Some(since) = since {
                let modified = fs::metadata(&estimates).and_then(|m| m.modified());
                if !modified.is_ok_and(|modified| modified >= since) {
                    continue;
                }
            }
            if let Some((key, time)) = read_member(&new.join("benchmark.json"), &estimates) {
                results.times.insert(key, time);
            }
        }
        results
    }

    /// The median time of `member` of `group`, if measured.
    pub fn time(&self, group: &str, member: &str) -> Option<f64> {
        self.times
            .get(&(group.to_owned(), member.to_owned()))
            .copied()
    }

    /// Whether nothing was read.
    pub fn is_empty(&self) -> bool {
        self.times.is_empty()
    }
}

/// The folders directly in `dir` (none if it cannot be read).
fn subfolders(dir: &Path) -> impl Iterator<Item = PathBuf> {
    fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
}

/// The (group, member) that `benchmark` names and the median of `estimates`.
fn read_member(benchmark: &Path, estimates: &Path) -> Option<((String, String), f64)> {
    let json = |path: &Path| -> Option<serde_json::Value> {
        serde_json::from_slice(&fs::read(path).ok()?).ok()
    };
    let id = json(benchmark)?;
    let group = id["group_id"].as_str()?.to_owned();
    let member = id["function_id"].as_str()?.to_owned();
    let median = json(estimates)?["median"]["point_estimate"].as_f64()?;
    Some(((group, member), median))
}
