//! Private texts that could not be delivered by direct message, kept by the service in
//! the store until their user's next interaction; and the book-keeping of outbox
//! entries being delivered (in flight, waiting for nobody, delivered).

use super::calls::ServiceCalls;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Private texts that could not be delivered by DM, kept by the service in the store
/// (every process sharing it sees them; a restart keeps them) until the user's next
/// interaction; and the service to tell when the replies of an outbox entry have been
/// delivered.
pub struct Undelivered {
    service: std::sync::OnceLock<ServiceCalls>,
    /// Where places found gone (a post refused with 10003 or 50083, or THREAD_DELETE)
    /// are reported, with their parent channel when known: their games move.
    gone: std::sync::OnceLock<tokio::sync::mpsc::UnboundedSender<(u64, Option<u64>)>>,
    /// Outbox entries this process is delivering now, since when (for `/metrics`).
    in_flight: Mutex<BTreeMap<u64, Instant>>,
    /// The entries the last look at the outbox found waiting for nobody, each with the
    /// time it was first seen so.
    waiting: Mutex<BTreeMap<u64, Instant>>,
}

impl Undelivered {
    pub fn new() -> Undelivered {
        Undelivered {
            service: std::sync::OnceLock::new(),
            gone: std::sync::OnceLock::new(),
            in_flight: Mutex::new(BTreeMap::new()),
            waiting: Mutex::new(BTreeMap::new()),
        }
    }

    /// The service whose outbox entries delivery reports done.
    pub fn report_to(&self, service: ServiceCalls) {
        let _ = self.service.set(service);
    }

    /// Where places found gone are reported (see [`Undelivered::place_gone`]).
    pub fn report_gone_to(&self, to: tokio::sync::mpsc::UnboundedSender<(u64, Option<u64>)>) {
        let _ = self.gone.set(to);
    }

    /// The place `channel` (in `parent`, when known) is gone: its game, if any, moves.
    pub fn place_gone(&self, channel: u64, parent: Option<u64>) {
        if let Some(to) = self.gone.get() {
            let _ = to.send((channel, parent));
        }
    }

    /// Where the latest game of `channel` lives (issue 50), from the service.
    pub async fn whereabouts(&self, channel: u64) -> Option<crate::service::front::Whereabouts> {
        let service = self.service.get()?;
        service
            .run("whereabouts", move |service| service.whereabouts(channel))
            .await
            .flatten()
    }

    /// How many outbox entries this process is delivering, and the age of the oldest.
    pub fn in_flight(&self) -> (usize, Duration) {
        let Ok(map) = self.in_flight.lock() else {
            return (0, Duration::ZERO);
        };
        let oldest = map.values().min().map(|t| t.elapsed()).unwrap_or_default();
        (map.len(), oldest)
    }

    /// Notes the entries found waiting now; returns those that have been waiting,
    /// look after look, for at least `grace`.
    pub fn waiting_for(&self, now: BTreeSet<u64>, grace: Duration) -> BTreeSet<u64> {
        let Ok(mut seen) = self.waiting.lock() else {
            return BTreeSet::new();
        };
        seen.retain(|id, _| now.contains(id));
        for id in &now {
            seen.entry(*id).or_insert_with(Instant::now);
        }
        seen.iter()
            .filter(|(_, since)| since.elapsed() >= grace)
            .map(|(id, _)| *id)
            .collect()
    }

    /// The outbox entries this process is delivering now.
    pub fn in_flight_ids(&self) -> BTreeSet<u64> {
        self.in_flight
            .lock()
            .map(|m| m.keys().copied().collect())
            .unwrap_or_default()
    }

    pub(crate) fn delivering(&self, ids: &BTreeSet<u64>) {
        if let Ok(mut map) = self.in_flight.lock() {
            for id in ids {
                map.entry(*id).or_insert_with(Instant::now);
            }
        }
    }

    /// Outbox entries a delivery left undelivered (a post failed for a passing reason):
    /// no longer in flight, so the outbox's next look sends them again.
    pub(crate) fn release(&self, ids: &BTreeSet<u64>) {
        if let Ok(mut map) = self.in_flight.lock() {
            for id in ids {
                map.remove(id);
            }
        }
    }

    /// Marks outbox entries delivered (a store write: on the blocking pool).
    pub(crate) async fn delivered(&self, ids: BTreeSet<u64>) {
        if ids.is_empty() {
            return;
        }
        if let Ok(mut map) = self.in_flight.lock() {
            for id in &ids {
                map.remove(id);
            }
        }
        metrics::counter!(super::ops::DELIVERED).increment(ids.len() as u64);
        if let Some(service) = self.service.get() {
            service
                .run("delivered", move |service| {
                    for id in ids {
                        service.delivered(id);
                    }
                })
                .await;
        }
    }

    /// Keeps `text` for `user`'s next command (a store write: on the blocking pool).
    pub async fn push(&self, user: u64, text: String) {
        let Some(service) = self.service.get() else {
            tracing::error!("a private text for {user} was lost: no service to keep it");
            return;
        };
        match service
            .run("keep private", move |s| s.keep_private(user, &text))
            .await
        {
            Some(Ok(())) => {}
            Some(Err(e)) => tracing::error!("a private text for {user} was not kept: {e}"),
            None => tracing::error!("a private text for {user} was not kept"),
        }
    }

    /// Takes the texts kept for `user`, oldest first.
    pub async fn take(&self, user: u64) -> Vec<String> {
        let Some(service) = self.service.get() else {
            return Vec::new();
        };
        service
            .run("take private", move |s| s.take_private(user))
            .await
            .unwrap_or_default()
    }
}

impl Default for Undelivered {
    fn default() -> Undelivered {
        Undelivered::new()
    }
}

/// Moves the texts an older build kept in a file of its own (`undelivered-dms.json` in
/// the data folder, one per process) into the store, once: the file is renamed
/// `undelivered-dms.json.imported` when every text is stored, and left for the next
/// start otherwise.
pub async fn import_kept_file(path: &std::path::Path, service: &ServiceCalls) {
    let Ok(bytes) = tokio::fs::read(path).await else {
        return;
    };
    let kept: BTreeMap<u64, Vec<String>> = match serde_json::from_slice(&bytes) {
        Ok(kept) => kept,
        Err(e) => {
            tracing::warn!("{} is unreadable, left as it is: {e}", path.display());
            return;
        }
    };
    let n: usize = kept.values().map(Vec::len).sum();
    let stored = service
        .run("import kept texts", move |s| {
            kept.iter()
                .flat_map(|(user, texts)| texts.iter().map(move |t| (*user, t)))
                .try_for_each(|(user, text)| s.keep_private(user, text))
        })
        .await;
    match stored {
        Some(Ok(())) => {
            let done = path.with_extension("json.imported");
            match tokio::fs::rename(path, &done).await {
                Ok(()) => tracing::info!("{n} kept private texts moved into the store"),
                Err(e) => tracing::error!(
                    "{n} kept private texts were stored but {} could not be renamed: {e}",
                    path.display()
                ),
            }
        }
        Some(Err(e)) => tracing::error!("kept private texts not moved into the store: {e}"),
        None => tracing::error!("kept private texts not moved into the store"),
    }
}
