//! Time for correspondence clocks, injectable so tests run in milliseconds.

use crate::variants::VariantId;
use std::sync::atomic::{AtomicU64, Ordering};

pub const MINUTE_MS: u64 = 60_000;
pub const HOUR_MS: u64 = 60 * MINUTE_MS;
pub const DAY_MS: u64 = 24 * HOUR_MS;

/// A source of "now" in milliseconds since the Unix epoch.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> u64;
}

/// The machine's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0)
    }
}

/// A clock that moves only when told to (tests).
#[derive(Debug, Default)]
pub struct ManualClock {
    now: AtomicU64,
}

impl ManualClock {
    pub fn new(start_ms: u64) -> ManualClock {
        ManualClock {
            now: AtomicU64::new(start_ms),
        }
    }

    pub fn set(&self, ms: u64) {
        self.now.store(ms, Ordering::SeqCst);
    }

    pub fn advance(&self, ms: u64) {
        self.now.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.now.load(Ordering::SeqCst)
    }
}

/// What happens when a turn's time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeoutPolicy {
    /// The opponent may `/claim` the win; until then the game waits.
    OpponentMayClaim,
    /// The turn ends with no action and play passes (RULINGS Z6): the service plays
    /// the variant's timeout answer for the player whose time ran out.
    PassTurn,
}

/// The timeout rule of a variant, as the variant declares it.
pub fn timeout_policy(variant: VariantId) -> TimeoutPolicy {
    match variant.timeout_answer() {
        Some(_) => TimeoutPolicy::PassTurn,
        None => TimeoutPolicy::OpponentMayClaim,
    }
}
