//! The game service: users, channels, challenges, turn order, clocks and who may
//! see what. It knows nothing of Discord.

pub mod api;
