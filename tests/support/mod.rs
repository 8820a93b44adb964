//! Shared test support: the fake Discord and a bot process driven against it.

pub mod backend;
pub mod bot;
pub mod browser;
pub mod fake_discord;
pub mod picker_path;
pub mod pointer;
pub mod site;
