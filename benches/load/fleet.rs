//! The processes together: one per shard, and the two outages of a run (a SIGKILL, a
//! deployment's SIGTERM and start), each started again while the moves go on arriving.

use crate::procs::{Place, Proc};
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum How {
    /// SIGKILL, started again after `--down` seconds (a crash, a supervisor).
    Kill,
    /// SIGTERM, waited for, started again at once (a deployment).
    Deploy,
    /// SIGTERM at the end of the run.
    End,
}

/// A process that ended: its CPU seconds and memory peak (VmHWM, MiB).
pub struct Ended {
    pub cpu: f64,
    pub hwm: f64,
    pub how: How,
}

/// One shard's process, and those it replaced.
pub struct Slot {
    pub place: Place,
    pub now: Option<Proc>,
    pub ended: Vec<Ended>,
    pub runs: u32,
}

/// One outage: which slot, how, when it began, when its new process identified.
pub struct Outage {
    pub slot: usize,
    pub how: How,
    pub at: Instant,
    pub back: Option<Instant>,
    handle: Option<JoinHandle<Proc>>,
}

pub struct Fleet {
    pub slots: Vec<Slot>,
}

impl Fleet {
    pub async fn start(places: Vec<Place>) -> Fleet {
        let mut slots = Vec::new();
        for place in places {
            let now = Some(Proc::start(&place, 0).await);
            slots.push(Slot {
                place,
                now,
                ended: Vec::new(),
                runs: 1,
            });
        }
        Fleet { slots }
    }

    /// Takes `slot`'s process down (at once for a kill; the stop runs in the
    /// background) and starts it again in the background.
    pub fn take_down(&mut self, slot: usize, how: How, down: Duration) -> Outage {
        let s = &mut self.slots[slot];
        let mut proc = s.now.take().expect("a running process");
        s.ended.push(Ended {
            cpu: proc.cpu(),
            hwm: proc.hwm(),
            how,
        });
        if how == How::Kill {
            proc.kill();
        }
        let at = Instant::now();
        let (place, run) = (s.place.clone(), s.runs);
        s.runs += 1;
        let handle = tokio::spawn(async move {
            if how == How::Deploy {
                tokio::task::spawn_blocking(move || proc.stop())
                    .await
                    .expect("the process stopped");
            } else {
                drop(proc);
            }
            tokio::time::sleep(down).await;
            Proc::start(&place, run).await
        });
        Outage {
            slot,
            how,
            at,
            back: None,
            handle: Some(handle),
        }
    }

    /// Puts the new process in its slot once it has identified (or waits for it).
    pub async fn settle(&mut self, o: &mut Outage, wait: bool) {
        let ready = o.handle.as_ref().is_some_and(|h| h.is_finished());
        if !(ready || wait && o.handle.is_some()) {
            return;
        }
        if let Some(h) = o.handle.take() {
            self.slots[o.slot].now = Some(h.await.expect("the process started again"));
            o.back = Some(Instant::now());
            println!(
                "load: shard {}'s process ({:?}) back, identified {:.1?} after it went down",
                o.slot,
                o.how,
                o.at.elapsed()
            );
        }
    }

    /// Each running process's VmRSS (0 for a slot between processes).
    pub fn rss(&self) -> Vec<f64> {
        self.slots
            .iter()
            .map(|s| s.now.as_ref().map_or(0.0, Proc::rss))
            .collect()
    }

    /// Stops every process (SIGTERM) after noting what it used.
    pub fn stop_all(&mut self) {
        for s in &mut self.slots {
            if let Some(mut p) = s.now.take() {
                s.ended.push(Ended {
                    cpu: p.cpu(),
                    hwm: p.hwm(),
                    how: How::End,
                });
                p.stop();
            }
        }
    }
}
