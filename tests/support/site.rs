//! The game service in the test's own process, as the end-to-end suites that call it
//! directly use it: players by name, their request contexts, and a web server acting
//! through the service (the pages' play and puzzle tests).
#![allow(dead_code)]

use super::backend;
use arcana::service::api::{Context, Reply, Request, User};
use arcana::service::front::GameService;
use arcana::service::pages::WebLinks;
use arcana::service::{Service, ServiceConfig};
use std::sync::{Arc, Mutex};

/// The player called `name` (the same id in every test).
pub fn user(name: &str) -> User {
    User {
        id: arcana::service::stable_id("user", name),
        name: name.to_string(),
    }
}

/// `name`'s request in `channel` of `server`, in the default language.
pub fn ctx_in(name: &str, channel: u64, server: Option<u64>) -> Context {
    Context {
        user: user(name),
        channel,
        server,
        key: None,
        lang: Default::default(),
        guild_locale: None,
    }
}

/// What a [`Site`]'s web server does with the public replies of what is played on
/// its pages.
pub enum Delivery {
    /// Kept in [`Site::delivered`], with the place they go to.
    Keep,
    /// Nothing may be delivered: the test fails if anything is.
    Nothing,
}

/// How a [`Site`] is opened.
pub struct SiteOptions {
    /// The service's game seed.
    pub seed: u64,
    /// The pages' signing key (32 bytes or more).
    pub key: &'static [u8],
    /// The actions one user may make, when not the default.
    pub actions: Option<arcana::web::Rate>,
    /// The requests one address may make, when not the default.
    pub requests: Option<arcana::web::Rate>,
    pub delivery: Delivery,
}

/// A web server acting through a service on the test's backend, and what it handed to
/// the front end's delivery.
pub struct Site {
    pub service: Arc<Service>,
    pub links: WebLinks,
    pub base: String,
    pub delivered: Arc<Mutex<Vec<(u64, Reply)>>>,
    _data: tempfile::TempDir,
}

impl Site {
    pub async fn open(o: SiteOptions) -> Site {
        let data = tempfile::tempdir().expect("temp dir");
        let url = backend::url(data.path());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("address"));
        let links = WebLinks::new(&base, o.key);
        let config = ServiceConfig {
            seed: Some(o.seed),
            web: Some(links.clone()),
            ..ServiceConfig::default()
        };
        let service = tokio::task::spawn_blocking(move || Service::open_url(&url, config))
            .await
            .expect("open")
            .expect("the service");
        let service = Arc::new(service);
        let delivered = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&delivered);
        let keep = matches!(o.delivery, Delivery::Keep);
        let actor = arcana::web::Actor {
            service: Arc::clone(&service) as Arc<dyn GameService>,
            deliver: Arc::new(move |place, replies: Vec<Reply>| {
                assert!(keep, "nothing is delivered elsewhere: {replies:?}");
                let mut kept = sink.lock().expect("the delivered replies");
                kept.extend(replies.into_iter().map(|r| (place, r)));
            }),
        };
        let mut options = arcana::web::WebOptions::new(links.clone()).acting(actor);
        if let Some(rate) = o.actions {
            options.action_rate = rate;
        }
        if let Some(rate) = o.requests {
            options.request_rate = rate;
        }
        tokio::spawn(arcana::web::serve(
            listener,
            service.store().share(),
            options,
        ));
        Site {
            service,
            links,
            base,
            delivered,
            _data: data,
        }
    }

    /// The service's answer to `req` made in `ctx`, off the async threads (the
    /// PostgreSQL client blocks).
    pub async fn call_in(&self, ctx: Context, req: Request) -> Vec<Reply> {
        let service = Arc::clone(&self.service);
        tokio::task::spawn_blocking(move || service.handle(&ctx, req))
            .await
            .expect("service call")
    }
}
