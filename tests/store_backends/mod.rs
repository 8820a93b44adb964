//! The store backends the behavioural store tests run on: sled always, and PostgreSQL
//! when `ARCANA_TEST_POSTGRES` names a server (`.ci/run` starts one and sets it); each
//! test gets a fresh database of its own, dropped afterwards. Without the variable the
//! PostgreSQL run is skipped with a printed reason.
#![allow(dead_code)]

use arcana::store::Store;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One backend under test: its name and the URL `--store` would take.
pub struct TestStore {
    pub name: &'static str,
    pub url: String,
    _dir: Option<tempfile::TempDir>,
    database: Option<(String, String)>,
}

impl TestStore {
    /// A new handle on the store, as a (re)started process would open it.
    pub fn open(&self) -> Store {
        Store::open_url(&self.url).unwrap_or_else(|e| panic!("open {}: {e}", self.name))
    }
}

impl Drop for TestStore {
    fn drop(&mut self) {
        if let Some((admin, name)) = &self.database {
            if let Ok(mut c) = postgres::Client::connect(admin, postgres::NoTls) {
                let _ = c.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
            }
        }
    }
}

static DATABASES: AtomicUsize = AtomicUsize::new(0);

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

/// The backends to run `test` on, each with an empty store.
pub fn backends(test: &str) -> Vec<TestStore> {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut out = vec![TestStore {
        name: "sled",
        url: format!("sled:{}", dir.path().join("data").display()),
        _dir: Some(dir),
        database: None,
    }];
    match std::env::var("ARCANA_TEST_POSTGRES") {
        Ok(base) if !base.trim().is_empty() => {
            let name = format!(
                "arcana_{}_{}_{}",
                test.chars()
                    .filter(char::is_ascii_alphanumeric)
                    .take(24)
                    .collect::<String>()
                    .to_lowercase(),
                std::process::id(),
                DATABASES.fetch_add(1, Ordering::SeqCst)
            );
            let mut admin = postgres::Client::connect(&base, postgres::NoTls).unwrap_or_else(|e| {
                panic!("ARCANA_TEST_POSTGRES is set but its server cannot be reached: {e}")
            });
            admin
                .batch_execute(&format!("CREATE DATABASE {name}"))
                .expect("create a test database");
            out.push(TestStore {
                name: "postgres",
                url: with_database(&base, &name),
                _dir: None,
                database: Some((base, name)),
            });
        }
        _ => eprintln!(
            "{test}: the PostgreSQL run is skipped: ARCANA_TEST_POSTGRES is not set \
             (`.ci/run` starts a server and sets it; so does `.ci/with-postgres CMD`)"
        ),
    }
    out
}

#[test]
fn database_urls() {
    assert_eq!(
        with_database("postgres://a@h:5/x?sslmode=disable", "y"),
        "postgres://a@h:5/y?sslmode=disable"
    );
    assert_eq!(with_database("postgres://a@h:5", "y"), "postgres://a@h:5/y");
}
