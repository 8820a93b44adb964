//! Every end-to-end suite in one test binary (the Discord suites, the web pages in
//! Chromium, the multi-process store races, the Docker check): the fake Discord, the
//! bot driver and the browser driver (`tests/support`) are compiled and linked once
//! instead of once per suite, which was most of what the suites cost to build. Each
//! suite is a module; run one with `cargo test --release --test discord -- e2e::` (the
//! module's name is the filter).
#![allow(clippy::unwrap_used)]

#[path = "../common/mod.rs"]
mod common;
#[path = "../store_backends/mod.rs"]
mod store_backends;
#[path = "../support/mod.rs"]
mod support;

mod backup;
mod challenges;
mod components;
mod correspondence;
mod delivery;
mod dms;
mod dms_more;
mod dms_pair;
mod dms_reach;
mod docker;
mod e2e;
mod gateway;
mod language;
mod limits;
mod lobby;
mod ops;
mod outbox;
mod picker;
mod puzzle_daily;
mod puzzle_mine;
mod puzzle_play;
mod puzzle_web;
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
mod tournament_service;
mod vacation;
mod web;
mod web_activity;
mod web_games;
mod web_live;
mod web_play;
