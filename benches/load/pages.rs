//! Web pages open on some of the games: a WebSocket each (`/g/<address>/ws`, as
//! `assets/web/page.js` opens it), spread over the processes, each from a client
//! address of its own behind the trusted proxy (the loopback), opened again a second
//! after it closes (as the page does when its process goes away). Every version pushed
//! is written down with when it came.

use arcana::service::pages::WebLinks;
use futures_util::StreamExt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// One open page: the game's stored id, the process serving it, the client address.
pub struct Page {
    pub id: u64,
    pub port: u16,
    pub from: std::net::Ipv4Addr,
}

/// What the pages heard: per page, every (version, when) pushed; sockets opened and
/// closed.
#[derive(Default)]
pub struct Heard {
    pub pushes: Mutex<Vec<Vec<(u64, Instant)>>>,
    pub opened: AtomicU64,
    pub closed: AtomicU64,
    pub refused: AtomicU64,
    pub stop: AtomicBool,
}

/// The games to watch: `n` of those the run's moves will reach, spread evenly.
pub fn chosen(n: usize, games: usize, moves: usize) -> Vec<usize> {
    let span = games.min(moves.max(1));
    let n = n.min(span);
    (0..n).map(|i| i * span / n.max(1)).collect()
}

/// Opens every page (a task each) and returns what they hear.
pub fn open(pages: Vec<Page>) -> Arc<Heard> {
    let heard = Arc::new(Heard::default());
    *heard.pushes.lock().expect("pushes") = vec![Vec::new(); pages.len()];
    let links = WebLinks::new("http://127.0.0.1", crate::world::WEB_KEY.as_bytes());
    for (i, page) in pages.into_iter().enumerate() {
        let path = links.game_path(page.id);
        tokio::spawn(follow(i, page, path, Arc::clone(&heard)));
    }
    heard
}

async fn follow(i: usize, page: Page, path: String, heard: Arc<Heard>) {
    while !heard.stop.load(Ordering::SeqCst) {
        let host = format!("127.0.0.1:{}", page.port);
        let mut request = format!("ws://{host}{path}/ws")
            .into_client_request()
            .expect("a request");
        let headers = request.headers_mut();
        headers.insert("origin", format!("http://{host}").parse().expect("origin"));
        headers.insert(
            "x-forwarded-for",
            page.from.to_string().parse().expect("from"),
        );
        match tokio_tungstenite::connect_async(request).await {
            Ok((mut socket, _)) => {
                heard.opened.fetch_add(1, Ordering::SeqCst);
                while let Some(Ok(message)) = socket.next().await {
                    if let Message::Text(t) = message {
                        if let Ok(v) = t.trim().parse::<u64>() {
                            heard.pushes.lock().expect("pushes")[i].push((v, Instant::now()));
                        }
                    }
                    if heard.stop.load(Ordering::SeqCst) {
                        return;
                    }
                }
                heard.closed.fetch_add(1, Ordering::SeqCst);
            }
            Err(_) => {
                heard.refused.fetch_add(1, Ordering::SeqCst);
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// The pages' figures against the moves: for each move answered in a watched game, the
/// time from its arrival to the first new version its page heard after it.
pub struct PageFigures {
    pub latencies: Vec<Duration>,
    /// Moves answered in watched games that no push followed.
    pub unheard: usize,
    /// Pages whose last version heard is the game's stored version at the end.
    pub current: usize,
    pub pushes: usize,
}

pub fn figures(
    heard: &Heard,
    watched: &[usize],
    moves: &[(usize, Instant)],
    stored: &[Option<u64>],
) -> PageFigures {
    let pushes = heard.pushes.lock().expect("pushes");
    let mut f = PageFigures {
        latencies: Vec::new(),
        unheard: 0,
        current: 0,
        pushes: 0,
    };
    for (p, &game) in watched.iter().enumerate() {
        let heard_here = &pushes[p];
        // New versions only (a socket opened again says the current one first).
        let mut fresh: Vec<Instant> = Vec::new();
        let mut last: Option<u64> = None;
        for &(v, at) in heard_here {
            if last.is_some_and(|l| v > l) {
                fresh.push(at);
            }
            last = Some(last.map_or(v, |l| l.max(v)));
        }
        f.pushes += fresh.len();
        if last.is_some() && last == stored[p] {
            f.current += 1;
        }
        for &(_, at) in moves.iter().filter(|(g, _)| *g == game) {
            match fresh.iter().find(|&&t| t >= at) {
                Some(&t) => f.latencies.push(t - at),
                None => f.unheard += 1,
            }
        }
    }
    f
}
