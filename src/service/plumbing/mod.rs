//! Commits and what they write: a game's change planned into one batch
//! (`commit.rs`), the write kinds (`plan.rs`), THE writer (`writer.rs`), ratings
//! sealed in the same batch, outbox entries by reference, records, languages of recipients, refreshed indexes.

pub mod commit;
#[cfg(test)]
pub mod faults;
pub mod language;
pub mod outbox;
pub mod plan;
pub mod ratings;
pub mod readers;
pub mod record;
pub mod refresh;
pub mod writer;
