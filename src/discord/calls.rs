//! The only way the Discord front end reaches the game service: every call runs on
//! tokio's blocking pool, never on an async worker thread.
//!
//! The service is synchronous (it is shared with `arcana local`), and its stores block:
//! sled flushes to disk, and the PostgreSQL client runs its own small runtime, which
//! panics ("Cannot start a runtime from within a runtime") when entered from an async
//! task. [`ServiceCalls`] keeps the service private, so async code cannot call it
//! directly: it can only hand a closure to [`ServiceCalls::spawn`] or
//! [`ServiceCalls::run`]. The Discord end-to-end suites run on both store backends
//! (`.ci/run`), which is what caught the one call that escaped before this type existed.

use crate::service::front::GameService;
use std::sync::Arc;

/// The game service as the Discord front end holds it.
#[derive(Clone)]
pub struct ServiceCalls {
    /// Always `Some` until dropped (see the `Drop` below).
    service: Option<Arc<dyn GameService>>,
}

impl ServiceCalls {
    pub fn new(service: Arc<dyn GameService>) -> ServiceCalls {
        ServiceCalls {
            service: Some(service),
        }
    }

    /// Starts `work` on the blocking pool; the handle resolves to its result (`None`
    /// only for a value being dropped, which nobody can call).
    pub fn spawn<T, F>(&self, work: F) -> tokio::task::JoinHandle<Option<T>>
    where
        T: Send + 'static,
        F: FnOnce(&dyn GameService) -> T + Send + 'static,
    {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || service.map(|s| work(&*s)))
    }

    /// Runs `work` on the blocking pool and waits for it; `None` (logged) when it
    /// panicked, so a failing call never takes the event loop down with it.
    pub async fn run<T, F>(&self, what: &'static str, work: F) -> Option<T>
    where
        T: Send + 'static,
        F: FnOnce(&dyn GameService) -> T + Send + 'static,
    {
        let started = std::time::Instant::now();
        let done = self.spawn(work).await;
        metrics::histogram!(super::ops::SERVICE_CALL, "call" => what.to_string())
            .record(started.elapsed().as_secs_f64());
        match done {
            Ok(t) => t,
            Err(e) => {
                tracing::error!("service call ({what}) failed: {e}");
                None
            }
        }
    }
}

/// Closing a store blocks too (the PostgreSQL client says goodbye to its server through
/// its own runtime, which panics on an async thread): the front end's handle on the
/// service is let go on a plain thread, waited for, so that when it is the last one
/// the store closes there.
impl Drop for ServiceCalls {
    fn drop(&mut self) {
        if let Some(service) = self.service.take() {
            if tokio::runtime::Handle::try_current().is_ok() {
                let _ = std::thread::spawn(move || drop(service)).join();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::api::{Context, Reply, Request, TimedReply};

    /// A service that records whether it was called on an async worker thread.
    struct Probe;

    impl GameService for Probe {
        fn handle(&self, _ctx: &Context, _request: Request) -> Vec<Reply> {
            // `block_in_place` would be needed on a worker; on the blocking pool a
            // nested runtime may be entered, which is what the PostgreSQL client does.
            let inner = tokio::runtime::Builder::new_current_thread().build();
            match inner {
                Ok(rt) => rt.block_on(async { vec![Reply::refusal("ran")] }),
                Err(_) => Vec::new(),
            }
        }
        fn tick(&self) -> Vec<TimedReply> {
            Vec::new()
        }
        fn asks(&self, _channel: u64, _user: u64) -> bool {
            false
        }
        fn autocomplete(&self, _channel: u64, _user: u64, _prefix: &str) -> Vec<String> {
            Vec::new()
        }
        fn flush(&self) -> Result<(), String> {
            Ok(())
        }
        fn keep_private(&self, _user: u64, _text: &str) -> Result<(), String> {
            Err("the probe keeps nothing".into())
        }
        fn take_private(&self, _user: u64) -> Vec<String> {
            Vec::new()
        }
    }

    fn ctx() -> Context {
        Context {
            user: crate::service::api::User {
                id: 1,
                name: "a".into(),
            },
            channel: 2,
            server: None,
            key: None,
            lang: Default::default(),
            guild_locale: None,
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_service_that_starts_its_own_runtime_can_be_called_from_async_code() {
        let calls = ServiceCalls::new(Arc::new(Probe));
        let c = ctx();
        let replies = calls
            .run("probe", move |s| s.handle(&c, Request::Help))
            .await
            .expect("the call ran");
        assert_eq!(replies.len(), 1);
        assert_eq!(replies[0].text, "ran");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_same_call_made_directly_on_an_async_thread_panics() {
        // The bug `ServiceCalls` rules out: entering a runtime from an async task.
        let c = ctx();
        let direct = tokio::spawn(async move { Probe.handle(&c, Request::Help) }).await;
        assert!(
            direct.is_err(),
            "a nested runtime on a worker thread must panic"
        );
    }
}
