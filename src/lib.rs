//! Arcana: correspondence chess variants for Discord.
//!
//! Layers, with dependencies pointing down: front ends (`discord`, `local`) call the
//! `service`, which uses the `store`, the `render`er, the `ratings` and the `variants`,
//! all built on `core`; `model` holds the plain data the service and the store share.

pub mod cli;
pub mod core;
pub mod discord;
pub mod engine;
pub mod i18n;
pub mod local;
pub mod model;
pub mod puzzles;
pub mod ratings;
pub mod render;
pub mod service;
pub mod store;
pub mod tournament;
pub mod variants;
pub mod web;
