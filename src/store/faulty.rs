//! A backend for tests of faults: sled underneath, with switches that make reads fail,
//! or a write fail before it is applied, or fail after it was applied (the answer lost,
//! as when a database server dies during a commit). Tests only.

use super::backend::{Backend, Batch, CountsOf, Entry, StoredGame};
use super::error::StoreError;
use super::feed::Changes;
use super::sled_backend::Sled;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What goes wrong next.
#[derive(Default)]
pub(crate) struct Switches {
    /// Every read fails while set.
    pub reads: AtomicBool,
    /// Every write fails, unapplied, while set.
    pub writes: AtomicBool,
    /// The next write is applied and then reported failed (once).
    pub lose_answer: AtomicBool,
    /// The next durable flush fails (once).
    pub flush: AtomicBool,
    /// The next write is applied, its answer lost, and every read fails from then on
    /// (the server died right after committing).
    pub die_after_write: AtomicBool,
}

pub(crate) struct Faulty {
    inner: Sled,
    switches: Arc<Switches>,
}

impl Faulty {
    pub fn new(switches: Arc<Switches>) -> Result<Faulty, StoreError> {
        Ok(Faulty {
            inner: Sled::temporary()?,
            switches,
        })
    }

    fn read(&self) -> Result<(), StoreError> {
        if self.switches.reads.load(Ordering::SeqCst) {
            return Err(failure("read"));
        }
        Ok(())
    }
}

fn failure(what: &str) -> StoreError {
    StoreError::Db(sled::Error::Io(std::io::Error::other(format!(
        "injected {what} failure"
    ))))
}

impl Backend for Faulty {
    fn shared(&self) -> bool {
        false
    }
    fn get(&self, k: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.read()?;
        self.inner.get(k)
    }
    fn scan(&self, prefix: &[u8]) -> Result<Vec<Entry>, StoreError> {
        self.read()?;
        self.inner.scan(prefix)
    }
    fn range(&self, start: &[u8], end: &[u8]) -> Result<Vec<Entry>, StoreError> {
        self.read()?;
        self.inner.range(start, end)
    }
    fn apply(&self, batch: Batch, durable: bool) -> Result<(), StoreError> {
        if self.switches.writes.load(Ordering::SeqCst) {
            return Err(failure("write"));
        }
        self.inner.apply(batch, durable)?;
        if self.switches.die_after_write.swap(false, Ordering::SeqCst) {
            self.switches.reads.store(true, Ordering::SeqCst);
            return Err(failure("server"));
        }
        if self.switches.lose_answer.swap(false, Ordering::SeqCst) {
            return Err(failure("commit answer"));
        }
        if durable && self.switches.flush.swap(false, Ordering::SeqCst) {
            return Err(failure("flush"));
        }
        Ok(())
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.inner.flush()
    }
    fn flushes(&self) -> u64 {
        self.inner.flushes()
    }
    fn bytes_written(&self) -> u64 {
        self.inner.bytes_written()
    }
    fn claim_outbox(&self) -> Result<Vec<Entry>, StoreError> {
        self.read()?;
        self.inner.claim_outbox()
    }
    fn new_id(&self) -> Result<u64, StoreError> {
        self.inner.new_id()
    }
    fn reserve_ids(&self, max: u64) -> Result<(), StoreError> {
        self.inner.reserve_ids(max)
    }
    fn ids_counted(&self) -> Result<bool, StoreError> {
        self.inner.ids_counted()
    }
    fn game(&self, id: u64, counts_of: CountsOf) -> Result<Option<StoredGame>, StoreError> {
        self.read()?;
        self.inner.game(id, counts_of)
    }
    fn active_version(&self, channel: u64) -> Result<Option<(u64, u64)>, StoreError> {
        self.read()?;
        self.inner.active_version(channel)
    }
    fn game_version(&self, id: u64) -> Result<Option<u64>, StoreError> {
        self.read()?;
        self.inner.game_version(id)
    }
    fn changes(&self) -> Changes {
        self.inner.changes()
    }
    fn prune_keys(
        &self,
        before_ms: u64,
        at_of: &dyn Fn(&[u8]) -> Option<u64>,
    ) -> Result<usize, StoreError> {
        self.inner.prune_keys(before_ms, at_of)
    }
}
