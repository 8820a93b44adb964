//! Shared helpers for the service tests: users, contexts, a service on a fake clock.
#![allow(dead_code)]

use arcana::service::api::{Audience, ColorChoice, Context, Reply, ReplyKind, Request, User};
use arcana::service::clock::ManualClock;
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use arcana::variants::{Options, VariantId};
use std::path::Path;
use std::sync::Arc;

pub const START_MS: u64 = 1_700_000_000_000;

pub fn user(name: &str) -> User {
    User {
        id: arcana::service::stable_id("user", name),
        name: name.to_string(),
    }
}

pub fn ctx(name: &str, channel: u64) -> Context {
    Context {
        user: user(name),
        channel,
        server: Some(7),
        key: None,
        lang: Default::default(),
        guild_locale: None,
    }
}

pub struct Harness {
    pub service: Service,
    pub clock: Arc<ManualClock>,
}

impl Harness {
    pub fn new() -> Harness {
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = Service::new(
            Store::temporary().expect("store"),
            clock.clone(),
            ServiceConfig {
                seed: Some(1),
                ..ServiceConfig::default()
            },
        )
        .expect("service");
        Harness { service, clock }
    }

    pub fn on_disk(dir: &Path, clock: Arc<ManualClock>) -> Harness {
        let service = Service::new(
            Store::open(dir).expect("store"),
            clock.clone(),
            ServiceConfig {
                seed: Some(1),
                ..ServiceConfig::default()
            },
        )
        .expect("service");
        Harness { service, clock }
    }

    pub fn req(&self, who: &str, channel: u64, req: Request) -> Vec<Reply> {
        self.service.handle(&ctx(who, channel), req)
    }

    /// Sends a request that must be accepted; returns the replies.
    pub fn ok(&self, who: &str, channel: u64, req: Request) -> Vec<Reply> {
        let r = self.req(who, channel, req.clone());
        assert!(
            r.iter().all(|r| r.kind != ReplyKind::Refusal),
            "{who} {req:?} was refused: {r:?}"
        );
        r
    }

    /// Sends a request that must be refused with one sentence; returns it.
    pub fn refused(&self, who: &str, channel: u64, req: Request) -> String {
        let r = self.req(who, channel, req.clone());
        assert_eq!(r.len(), 1, "{who} {req:?}: {r:?}");
        assert_eq!(
            r[0].kind,
            ReplyKind::Refusal,
            "{who} {req:?} was accepted: {r:?}"
        );
        assert_eq!(r[0].to, Audience::Invoker);
        assert!(
            !r[0].text.contains('\n'),
            "a refusal is one line: {}",
            r[0].text
        );
        r[0].text.clone()
    }

    pub fn mv(&self, who: &str, channel: u64, text: &str) -> Reply {
        let r = self.ok(
            who,
            channel,
            Request::Move {
                text: text.to_string(),
            },
        );
        r.into_iter()
            .find(|r| r.to == Audience::Channel)
            .expect("a channel reply")
    }

    /// alice (White) challenges bob (Black); bob accepts.
    pub fn start(&self, channel: u64, days: Option<u32>) {
        self.start_between("alice", "bob", channel, days);
    }

    pub fn start_between(&self, white: &str, black: &str, channel: u64, days: Option<u32>) {
        self.ok(
            white,
            channel,
            Request::Challenge {
                opponent: user(black),
                variant: VariantId::Standard,
                color: ColorChoice::White,
                days,
                options: Options::new(),
                rated: true,
            },
        );
        self.ok(black, channel, Request::Accept);
    }

    /// Plays alternating moves starting with White (alice) / Black (bob).
    pub fn moves(&self, channel: u64, moves: &[&str]) -> Reply {
        let mut last = None;
        for (i, m) in moves.iter().enumerate() {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            last = Some(self.mv(who, channel, m));
        }
        last.expect("at least one move")
    }

    pub fn history(&self, channel: u64) -> String {
        let r = self.ok("carol", channel, Request::History);
        r[0].text.clone()
    }
}

/// Runs the `arcana` binary with `args`, `script` on its standard input; its output
/// once it has exited successfully (`arcana local` driven as a player would).
pub fn run_arcana(args: &[&str], script: &str) -> std::process::Output {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn arcana");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write the script");
    let out = child.wait_with_output().expect("wait for arcana");
    assert!(out.status.success(), "arcana {args:?}: {out:?}");
    out
}

/// A service on a manual clock and the web server on its store, listening on a free
/// port of 127.0.0.1 (the web tests).
pub struct Site {
    pub service: Arc<Service>,
    pub clock: Arc<ManualClock>,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
}

/// [`Site`] at `now_ms`, its links signed with `key`, its games seeded from `seed`.
pub async fn site(now_ms: u64, key: &[u8], seed: u64) -> Site {
    use arcana::service::pages::WebLinks;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let links = WebLinks::new(&base, key);
    let clock = Arc::new(ManualClock::new(now_ms));
    let service = Service::new(
        Store::temporary().expect("store"),
        clock.clone(),
        ServiceConfig {
            seed: Some(seed),
            web: Some(links.clone()),
            ..ServiceConfig::default()
        },
    )
    .expect("service");
    let store = service.store().share();
    tokio::spawn(arcana::web::serve(
        listener,
        store,
        arcana::web::WebOptions::new(links),
    ));
    Site {
        service: Arc::new(service),
        clock,
        base,
    }
}

/// Replies that must hold no refusal; returned as they are.
pub fn accepted(r: Vec<Reply>) -> Vec<Reply> {
    assert!(r.iter().all(|r| r.kind != ReplyKind::Refusal), "{r:?}");
    r
}

/// Replies that must be one refusal of one line; returns its text.
pub fn refusal_line(r: Vec<Reply>) -> String {
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].kind, ReplyKind::Refusal, "{r:?}");
    assert!(
        !r[0].text.contains('\n'),
        "a refusal is one line: {}",
        r[0].text
    );
    r[0].text.clone()
}

impl Site {
    /// Sends a request as `c` that must be accepted; its replies' texts, one a line.
    pub fn ok_text(&self, c: &Context, req: Request) -> String {
        let replies = self.service.handle(c, req.clone());
        assert!(
            replies.iter().all(|r| r.kind != ReplyKind::Refusal),
            "{} {req:?}: {replies:?}",
            c.user.name
        );
        replies
            .iter()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }
}
