//! The door: one request in, the capability it names run under its channel's lock,
//! replies out (`handle.rs`); the commands' shared texts (`command.rs`).

pub mod command;
pub mod handle;
