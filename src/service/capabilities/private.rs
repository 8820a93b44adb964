//! Private texts a player could not be sent (their direct messages are closed), kept in
//! the store until that player's next command: every process sharing the store sees
//! them, a restart keeps them, and each is taken once, by one process.

use crate::service::plumbing::plan::{Durability, Put};
use crate::service::Service;
use crate::store::StoreError;

/// How often taking is tried again when another process took some of the same texts
/// meanwhile (each try reads what is left).
const TAKE_TRIES: usize = 3;

impl Service {
    /// Keeps `text` for `user`'s next command. `Err`: it could not be stored (said in
    /// the operator's log by the caller).
    pub fn keep_private(&self, user: u64, text: &str) -> Result<(), String> {
        let put = Put::KeepPrivate {
            user,
            at_ms: self.clock.now_ms(),
            text: text.to_string(),
        };
        self.write(vec![put], Durability::Flushed)
            .map_err(|e| e.to_string())
    }

    /// Takes the texts kept for `user`, oldest first. Taking is one write that fails
    /// whole when another process took one of them first; then what is left is read
    /// and taken again.
    pub fn take_private(&self, user: u64) -> Vec<String> {
        for _ in 0..TAKE_TRIES {
            let kept = match self.store.private_texts(user) {
                Ok(kept) => kept,
                Err(e) => {
                    tracing::error!("store: kept private texts of {user}: {e}");
                    return Vec::new();
                }
            };
            if kept.is_empty() {
                return Vec::new();
            }
            let taken = kept.iter().cloned().map(Put::TakePrivate).collect();
            match self.write(taken, Durability::Flushed) {
                Ok(()) => return kept.into_iter().map(|k| k.text).collect(),
                Err(StoreError::Conflict { .. }) => continue,
                Err(e) => {
                    tracing::error!("store: taking the kept private texts of {user}: {e}");
                    return Vec::new();
                }
            }
        }
        Vec::new()
    }
}
