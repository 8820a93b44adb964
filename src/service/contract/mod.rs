//! What front ends send and get: requests and replies (`api.rs`), the actions
//! of the contract (`actions.rs`), the front-end trait (`front.rs`), the command
//! grammar (`grammar/`) and time (`clock.rs`).

pub mod actions;
pub mod api;
pub mod clock;
pub mod front;
pub mod grammar;
