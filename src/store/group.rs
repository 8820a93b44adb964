//! Group commit: durable writes that arrive together share one flush. A writer whose
//! change is applied (in memory) asks for a flush that starts after that moment; if a
//! flush is running it waits for the next one, which one of the waiters then runs for
//! all of them. No writer returns before a flush that began after its change has
//! succeeded, so a reply still goes out only once its change is on disk.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// Flushes are numbered from 1 in the order they start; one runs at a time.
#[derive(Default)]
struct State {
    /// The number of the last flush started.
    started: u64,
    /// The number of the last flush finished (successfully or not).
    done: u64,
    /// The number of the last flush that succeeded.
    ok: u64,
    /// Why the last failed flush failed, with its number.
    failed: Option<(u64, String)>,
    /// A flush is running.
    flushing: bool,
    /// Writers waiting for a flush (instrumentation for tests).
    waiting: usize,
}

/// The flush coordinator of one store (shared by every handle on it).
#[derive(Default)]
pub(crate) struct Group {
    state: Mutex<State>,
    finished: Condvar,
    /// Flushes run so far.
    flushes: AtomicU64,
}

/// Why the flush that would have made a change durable failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FlushFailed(pub String);

impl Group {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Returns once a flush that started after this call has succeeded (running
    /// `flush` itself when no flush is running), or with the failure of the flush
    /// that was to cover this call when none later succeeded meanwhile.
    pub fn sync<E: std::fmt::Display>(
        &self,
        flush: impl FnOnce() -> Result<(), E>,
    ) -> Result<(), FlushFailed> {
        let mut st = self.lock();
        // Any flush that starts from now on covers every change applied before.
        let target = st.started + 1;
        let mut flush = Some(flush);
        loop {
            if st.ok >= target {
                return Ok(());
            }
            if st.done >= target {
                // The flush numbered `target` ran and failed, and none succeeded since.
                let why = st.failed.as_ref().map_or_else(String::new, |f| f.1.clone());
                return Err(FlushFailed(why));
            }
            if !st.flushing {
                // No flush runs: this writer runs the next one, for every waiter too.
                let Some(flush) = flush.take() else {
                    // Unreachable: a writer leads at most once, and the flush it led
                    // (numbered `target` or later) is done when it gets here again.
                    return Err(FlushFailed("the flush was lost".to_string()));
                };
                st.started += 1;
                let number = st.started;
                st.flushing = true;
                drop(st);
                let result = flush().map_err(|e| e.to_string());
                self.flushes.fetch_add(1, Ordering::SeqCst);
                st = self.lock();
                st.flushing = false;
                st.done = number;
                match result {
                    Ok(()) => st.ok = number,
                    Err(why) => st.failed = Some((number, why)),
                }
                self.finished.notify_all();
                continue;
            }
            st.waiting += 1;
            st = self.finished.wait(st).unwrap_or_else(|e| e.into_inner());
            st.waiting -= 1;
        }
    }

    /// How many flushes have run.
    pub fn flushes(&self) -> u64 {
        self.flushes.load(Ordering::SeqCst)
    }

    /// How many writers wait for a flush right now.
    #[cfg(test)]
    fn waiting(&self) -> usize {
        self.lock().waiting
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::sync::mpsc;
    use std::sync::Arc;

    /// Waits (without a clock) until `n` writers wait on `g`.
    fn until_waiting(g: &Group, n: usize) {
        while g.waiting() < n {
            std::thread::yield_now();
        }
    }

    /// A first flush on `g` that runs until released: its writer's thread, and the
    /// release.
    fn held_flush(
        g: &Arc<Group>,
    ) -> (
        std::thread::JoinHandle<Result<(), FlushFailed>>,
        mpsc::Sender<()>,
    ) {
        let (entered_tx, entered) = mpsc::channel();
        let (release, release_rx) = mpsc::channel::<()>();
        let first = {
            let g = g.clone();
            std::thread::spawn(move || {
                g.sync(|| {
                    entered_tx.send(()).expect("send");
                    release_rx.recv().map_err(|e| e.to_string())
                })
            })
        };
        entered.recv().expect("the first flush runs");
        (first, release)
    }

    #[test]
    fn writers_arriving_during_a_flush_share_the_next_one() {
        let g = Arc::new(Group::default());
        let (first, release) = held_flush(&g);
        // Eight writers arrive while it runs: none may count on it.
        const N: usize = 8;
        let ran = Arc::new(AtomicUsize::new(0));
        let writers: Vec<_> = (0..N)
            .map(|_| {
                let (g, ran) = (g.clone(), ran.clone());
                std::thread::spawn(move || {
                    g.sync(|| {
                        ran.fetch_add(1, Ordering::SeqCst);
                        Ok::<(), String>(())
                    })
                })
            })
            .collect();
        until_waiting(&g, N);
        assert_eq!(ran.load(Ordering::SeqCst), 0, "nobody flushed meanwhile");
        release.send(()).expect("release");
        assert_eq!(first.join().expect("first"), Ok(()));
        for w in writers {
            assert_eq!(w.join().expect("writer"), Ok(()));
        }
        assert_eq!(ran.load(Ordering::SeqCst), 1, "one flush for the eight");
        assert_eq!(g.flushes(), 2);
    }

    #[test]
    fn a_failed_flush_fails_its_writers_and_the_next_one_succeeds() {
        let g = Arc::new(Group::default());
        let (first, release) = held_flush(&g);
        let waiters: Vec<_> = (0..3)
            .map(|_| {
                let g = g.clone();
                std::thread::spawn(move || g.sync(|| Err::<(), _>("disk full")))
            })
            .collect();
        until_waiting(&g, 3);
        release.send(()).expect("release");
        assert_eq!(first.join().expect("first"), Ok(()));
        for w in waiters {
            assert_eq!(
                w.join().expect("waiter"),
                Err(FlushFailed("disk full".to_string())),
                "a change is never reported durable when its flush failed"
            );
        }
        assert_eq!(g.sync(|| Ok::<(), String>(())), Ok(()));
        assert_eq!(g.flushes(), 3);
    }

    #[test]
    fn a_lone_writer_flushes_at_once() {
        let g = Group::default();
        for i in 1..=3 {
            assert_eq!(g.sync(|| Ok::<(), String>(())), Ok(()));
            assert_eq!(g.flushes(), i);
        }
    }
}
