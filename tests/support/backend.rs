//! The store backend the Discord suites run on: sled by default; PostgreSQL when
//! `ARCANA_TEST_BACKEND=postgres` and `ARCANA_TEST_POSTGRES` names a server (`.ci/run`
//! runs every Discord suite a second time that way). Each data folder of a test maps
//! to a database of its own, made on first use and the same for every process of the
//! test that opens that folder (a restarted bot finds its games).

#![allow(dead_code)]

use arcana::store::StoreUrl;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

static DATABASES: AtomicUsize = AtomicUsize::new(0);
static MADE: Mutex<Option<HashMap<PathBuf, String>>> = Mutex::new(None);

/// Whether this run keeps its games on PostgreSQL.
pub fn postgres() -> bool {
    std::env::var("ARCANA_TEST_BACKEND").is_ok_and(|b| b == "postgres")
}

/// The name of the backend under test, for messages.
pub fn name() -> &'static str {
    if postgres() {
        "postgres"
    } else {
        "sled"
    }
}

/// Where the games of the bot whose data folder is `data` are kept.
pub fn url(data: &Path) -> StoreUrl {
    if !postgres() {
        return StoreUrl::Sled(data.to_path_buf());
    }
    let base = std::env::var("ARCANA_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "ARCANA_TEST_BACKEND=postgres needs ARCANA_TEST_POSTGRES (`.ci/with-postgres` sets it)"
        )
    });
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    let map = made.get_or_insert_with(HashMap::new);
    if let Some(url) = map.get(data) {
        return StoreUrl::Postgres(url.clone());
    }
    let name = format!(
        "arcana_d_{}_{}",
        std::process::id(),
        DATABASES.fetch_add(1, Ordering::SeqCst)
    );
    let url = create_database(&base, &name);
    map.insert(data.to_path_buf(), url.clone());
    StoreUrl::Postgres(url)
}

/// A new empty database on the test server whatever the backend of this run (for the
/// tests that only make sense on PostgreSQL); its URL.
pub fn fresh_postgres(what: &str) -> String {
    let base = std::env::var("ARCANA_TEST_POSTGRES").expect("ARCANA_TEST_POSTGRES");
    let name = format!(
        "arcana_{what}_{}_{}",
        std::process::id(),
        DATABASES.fetch_add(1, Ordering::SeqCst)
    );
    create_database(&base, &name)
}

/// Creates database `name` on the server of `base`; its URL.
fn create_database(base: &str, name: &str) -> String {
    // On a thread of its own: the blocking client may not run on an async test's thread.
    let create = format!("CREATE DATABASE {name}");
    let admin_url = base.to_string();
    std::thread::spawn(move || {
        let mut admin = postgres::Client::connect(&admin_url, postgres::NoTls)
            .unwrap_or_else(|e| panic!("the PostgreSQL test server cannot be reached: {e}"));
        admin
            .batch_execute(&create)
            .expect("create a test database");
    })
    .join()
    .expect("the test database is made");
    with_database(base, name)
}

/// The configuration line that puts the bot's games on this run's backend (empty on
/// sled: the data folder holds them).
pub fn config_line(data: &Path) -> String {
    match url(data) {
        StoreUrl::Postgres(u) => format!("store = \"{u}\"\n"),
        StoreUrl::Sled(_) => String::new(),
    }
}

/// The URL of database `name` on the server of `base`.
fn with_database(base: &str, name: &str) -> String {
    let (url, query) = match base.split_once('?') {
        Some((u, q)) => (u, format!("?{q}")),
        None => (base, String::new()),
    };
    let scheme_end = url.find("://").map_or(0, |i| i + 3);
    let root = match url[scheme_end..].find('/') {
        Some(i) => &url[..scheme_end + i],
        None => url,
    };
    format!("{root}/{name}{query}")
}

/// A service a `#[tokio::test]` drives directly: its blocking calls (and its closing,
/// which blocks on PostgreSQL) run through `block_in_place`, as the store requires off
/// the async threads. Multi-threaded runtimes only.
pub struct Blocking(Option<std::sync::Arc<arcana::service::Service>>);

impl Blocking {
    pub fn open(data: &Path, config: arcana::service::ServiceConfig) -> Blocking {
        let url = url(data);
        tokio::task::block_in_place(|| {
            Blocking(Some(std::sync::Arc::new(
                arcana::service::Service::open_url(&url, config).expect("open the service"),
            )))
        })
    }

    /// Another handle on a service already open (two callers of one process).
    pub fn from_arc(service: std::sync::Arc<arcana::service::Service>) -> Blocking {
        Blocking(Some(service))
    }

    /// Runs `f` on the service where blocking is allowed.
    pub fn with<T>(&self, f: impl FnOnce(&arcana::service::Service) -> T) -> T {
        let s = self.0.as_ref().expect("open");
        tokio::task::block_in_place(|| f(s))
    }

    /// A handle for the bot under test.
    pub fn arc(&self) -> std::sync::Arc<arcana::service::Service> {
        std::sync::Arc::clone(self.0.as_ref().expect("open"))
    }
}

impl Drop for Blocking {
    fn drop(&mut self) {
        if let Some(s) = self.0.take() {
            tokio::task::block_in_place(move || drop(s));
        }
    }
}
