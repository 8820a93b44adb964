//! What can go wrong in the store, shared by the typed store and its backends (which
//! import it from here, not from the typed store above them).

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the game store failed: {0}")]
    Db(#[from] sled::Error),
    #[error("the PostgreSQL store failed: {0}")]
    Postgres(#[from] ::postgres::Error),
    #[error("{0}")]
    Url(String),
    #[error("the PostgreSQL store is busy: all {0} connections stayed taken for a minute")]
    Busy(usize),
    #[error("game {id} was changed by another process meanwhile")]
    Conflict { id: u64 },
    #[error("a stored record is unreadable: {0}")]
    Decode(#[from] serde_json::Error),
    #[error("game {id} does not replay: {reason}")]
    Replay { id: u64, reason: String },
    #[error(
        "game {id} was stored by a newer version of Arcana (record format {found}; this \
         build reads up to {supported}), so it is left untouched"
    )]
    TooNew { id: u64, found: u32, supported: u32 },
}

impl StoreError {
    /// Whether the failure is the store's passing trouble (a disk or a database server
    /// failing now) rather than something wrong with what is stored: such a failure
    /// never pauses a game beyond the request that met it.
    pub fn is_passing(&self) -> bool {
        match self {
            StoreError::Db(sled::Error::Io(_)) | StoreError::Postgres(_) | StoreError::Busy(_) => {
                true
            }
            StoreError::Db(_)
            | StoreError::Url(_)
            | StoreError::Conflict { .. }
            | StoreError::Decode(_)
            | StoreError::Replay { .. }
            | StoreError::TooNew { .. } => false,
        }
    }
}
