//! Processor time of the calling thread, for the engine's benchmarks (included by
//! `#[path]`): Linux's scheduler statistics, so a figure holds on a shared machine.

use std::time::Duration;

/// Processor time used so far by this thread (`None` where the system has no such
/// clock).
pub fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(Duration::from_nanos(ns))
}
