//! Shared reads: who is asked what (`asked.rs`), boards, lists and legends
//! (`queries.rs`).

pub mod asked;
pub mod queries;
