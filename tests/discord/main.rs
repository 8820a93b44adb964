//! Every Discord end-to-end suite in one test binary: the fake Discord and the bot
//! driver (`tests/support`) are compiled once instead of once per suite, which is most
//! of what the suites cost to build. Each suite is a module; run one with
//! `cargo test --release --test discord -- e2e::` (the module's name is the filter).
#![allow(clippy::unwrap_used)]

#[path = "../common/mod.rs"]
mod common;
#[path = "../store_backends/mod.rs"]
mod store_backends;
#[path = "../support/mod.rs"]
mod support;

mod challenges;
mod components;
mod correspondence;
mod delivery;
mod dms;
mod dms_more;
mod dms_pair;
mod dms_reach;
mod e2e;
mod gateway;
mod language;
mod limits;
mod lobby;
mod ops;
mod outbox;
mod picker;
mod puzzles;
mod puzzles_daily;
mod puzzles_mine;
mod puzzles_picker;
mod reminders;
mod requests;
mod restart;
mod review;
mod shards;
mod start;
mod threads;
mod tournament;
mod vacation;
