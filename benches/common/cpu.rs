//! Processor time of the calling thread, for the engine's benchmarks (included by
//! `#[path]`): Linux's scheduler statistics, so a figure holds on a shared machine.

use std::time::Duration;

/// Processor time used so far by this thread (`None` where the system has no such
/// clock).
#[allow(dead_code)]
pub fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Processor time used so far by this whole process (user and system), from
/// `/proc/self/stat`.
#[allow(dead_code)]
pub fn process_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    let after = stat.rsplit_once(')').expect("stat").1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    // utime and stime: fields 14 and 15, the 12th and 13th after the name.
    let ticks: u64 =
        fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
    let per_second = std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .trim()
                .parse::<u64>()
                .ok()
        })
        .unwrap_or(100);
    Duration::from_secs_f64(ticks as f64 / per_second as f64)
}
