//! Shared reads: who is asked what (`asked.rs`), boards, lists and legends
//! (`queries.rs`), how a game's place is named for its reader (`places.rs`).

pub mod asked;
pub mod places;
pub mod queries;
