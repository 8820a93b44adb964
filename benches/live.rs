//! Live pages at scale (issue 49): P open pages over G games of one web server (10,000
//! over 1,000 unless `ARCANA_LIVE_PAGES` and `ARCANA_LIVE_GAMES` say), each following its
//! game over a WebSocket (`/g/<game>/ws`) or, for comparison, the server-sent events
//! (`/g/<game>/events`), on sled and (when `ARCANA_TEST_POSTGRES` names a server, as
//! `.ci/with-postgres` sets it) PostgreSQL. `ARCANA_LIVE_KINDS` picks `ws`, `sse` or
//! both (the default, one after the other).
//!
//! For each: the process's memory (VmRSS) before the pages open and with them open; its
//! CPU time (web server and store, from `/proc/self/stat`) over an idle interval, then
//! over an interval of `ARCANA_LIVE_MOVES` moves a second (20), each a game written
//! with one more answer and committed as the service commits a move (the commits are
//! part of the figure); and each push's latency, from the move's commit beginning to
//! the page's client reading the new version (so the commit's own time, a flush to
//! disk on sled, is in it). The pages' client is a child process (this bench run
//! again), so that neither its CPU nor its sockets count here; both share the
//! machine's cores. Each page comes from a client address of its own, forwarded as by
//! a trusted proxy, so the per-address limits stay as they are.
//!
//! The intervals are 30 s unless `ARCANA_LIVE_SECONDS` says. Under `cargo test` (no
//! `--bench`) it runs 40 pages over 4 games for 1 s.

#[path = "common/cpu.rs"]
mod cpu;
#[path = "common/games.rs"]
mod games;
#[path = "../tests/store_backends/mod.rs"]
mod store_backends;

use arcana::service::pages::WebLinks;
use arcana::store::{Store, Write};
use futures_util::StreamExt;
use std::io::{BufRead, Write as _};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// The environment variable that makes this program the pages' client.
const CLIENT: &str = "ARCANA_LIVE_CLIENT";
/// Answers every stored game has at the start; moves add to them.
const PLIES: usize = 20;

/// Nanoseconds since the epoch: one clock for both processes.
fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .expect("VmRSS")
}

/// One page of the client: what to open, and where its pushes are written down.
struct Page {
    host: String,
    path: String,
    from: String,
    game: usize,
    socket: bool,
}

/// Opens one page and writes down `(game, when)` for every version pushed after the
/// first; `opened` is told once the first came.
async fn follow(
    page: Page,
    seen: Arc<Mutex<Vec<(usize, u64)>>>,
    opened: tokio::sync::mpsc::Sender<()>,
) {
    let stream = tokio::net::TcpStream::connect(&page.host)
        .await
        .expect("connect");
    let _ = stream.set_nodelay(true);
    let mut first = true;
    let mut told = |game: usize| {
        if std::mem::take(&mut first) {
            let _ = opened.try_send(());
        } else {
            seen.lock().expect("seen").push((game, now_ns()));
        }
    };
    if page.socket {
        let url = format!("ws://{}{}/ws", page.host, page.path);
        let mut request = url.into_client_request().expect("a request");
        let origin = format!("http://{}", page.host);
        request
            .headers_mut()
            .insert("origin", origin.parse().expect("origin"));
        request
            .headers_mut()
            .insert("x-forwarded-for", page.from.parse().expect("from"));
        let (mut socket, _) = tokio_tungstenite::client_async(request, stream)
            .await
            .expect("a socket");
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(_) = message {
                told(page.game);
            }
        }
    } else {
        let mut stream = tokio::io::BufReader::new(stream);
        let ask = format!(
            "GET {}/events HTTP/1.1\r\nHost: {}\r\nX-Forwarded-For: {}\r\n\r\n",
            page.path, page.host, page.from
        );
        stream
            .get_mut()
            .write_all(ask.as_bytes())
            .await
            .expect("ask");
        let mut line = String::new();
        while stream.read_line(&mut line).await.is_ok_and(|n| n > 0) {
            if line.starts_with("event: version") {
                told(page.game);
            }
            line.clear();
        }
    }
}

/// The child: opens the pages read from stdin (`HOST PATH FROM GAME ws|sse` lines, then
/// an empty one), says `ready` once each has had its first version, and when stdin
/// closes prints `GAME NANOSECONDS` for every later push, then `done`.
fn client() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let mut pages = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("a line");
        if line.is_empty() {
            break;
        }
        let parts: Vec<&str> = line.split(' ').collect();
        pages.push(Page {
            host: parts[0].to_string(),
            path: parts[1].to_string(),
            from: parts[2].to_string(),
            game: parts[3].parse().expect("game"),
            socket: parts[4] == "ws",
        });
    }
    let seen = Arc::new(Mutex::new(Vec::new()));
    let n = pages.len();
    runtime.block_on(async {
        let (opened, mut ready) = tokio::sync::mpsc::channel(n.max(1));
        for (i, page) in pages.into_iter().enumerate() {
            runtime.spawn(follow(page, Arc::clone(&seen), opened.clone()));
            if i % 100 == 99 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        for _ in 0..n {
            ready.recv().await.expect("a page opened");
        }
    });
    println!("ready");
    std::io::stdout().flush().expect("flush");
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut std::io::stdin(), &mut rest);
    let mut out = std::io::stdout().lock();
    for (game, at) in seen.lock().expect("seen").iter() {
        writeln!(out, "{game} {at}").expect("write");
    }
    writeln!(out, "done").expect("write");
    out.flush().expect("flush");
    std::process::exit(0);
}

/// The sizes of one run.
struct Load {
    pages: usize,
    games: usize,
    seconds: Duration,
    moves_per_second: u64,
}

/// The figures of one transport on one store.
struct Figures {
    kb_per_page: f64,
    idle_cores: f64,
    busy_cores: f64,
    moves: usize,
    pushes: usize,
    latency_ms: [f64; 3],
}

/// Serves the web on `store`, opens `load.pages` pages over its `ids` with the client,
/// and measures.
fn measure(
    runtime: &tokio::runtime::Runtime,
    store: &Store,
    ids: &[u64],
    socket: bool,
    load: &Load,
) -> Figures {
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let host = listener.local_addr().expect("address").to_string();
    let links = WebLinks::new(
        &format!("http://{host}"),
        b"the live bench's key, long enough....",
    );
    let loopback: arcana::web::AddressRange = "127.0.0.0/8".parse().expect("a range");
    let mut options = arcana::web::WebOptions::new(links.clone()).trusting(&[loopback]);
    options.max_connections = load.pages + 64;
    runtime.spawn(arcana::web::serve(listener, store.share(), options));
    let before = rss_kb();
    let mut child = std::process::Command::new(std::env::current_exe().expect("this program"))
        .env(CLIENT, "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the client");
    let mut to = child.stdin.take().expect("stdin");
    for i in 0..load.pages {
        let game = i % ids.len();
        let from = std::net::Ipv4Addr::from(0x0a00_0000 + i as u32 + 1);
        let kind = if socket { "ws" } else { "sse" };
        writeln!(
            to,
            "{host} {} {from} {game} {kind}",
            links.game_path(ids[game])
        )
        .expect("send");
    }
    writeln!(to).expect("send");
    let mut from_client = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    from_client.read_line(&mut line).expect("ready");
    assert_eq!(line.trim(), "ready", "the client failed");
    std::thread::sleep(Duration::from_secs(2));
    let kb_per_page = (rss_kb().saturating_sub(before)) as f64 / load.pages as f64;
    let idle_cores = cores_over(|| std::thread::sleep(load.seconds));
    let mut committed = Vec::new();
    let busy_cores = cores_over(|| committed = play(store, ids, load));
    std::thread::sleep(Duration::from_secs(2));
    drop(to);
    let mut pushed = Vec::new();
    for line in from_client.lines() {
        let line = line.expect("a line");
        if line == "done" {
            break;
        }
        let (game, at) = line.split_once(' ').expect("GAME NS");
        pushed.push((
            game.parse::<usize>().expect("game"),
            at.parse::<u64>().expect("ns"),
        ));
    }
    let _ = child.wait();
    let latencies = latencies(&committed, &pushed);
    let q = |f: f64| {
        latencies
            .get(((latencies.len() as f64 * f) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or(f64::NAN)
    };
    Figures {
        kb_per_page,
        idle_cores,
        busy_cores,
        moves: committed.len(),
        pushes: pushed.len(),
        latency_ms: [
            q(0.5),
            q(0.99),
            latencies.last().copied().unwrap_or(f64::NAN),
        ],
    }
}

/// Cores this process takes while `work` runs.
fn cores_over(work: impl FnOnce()) -> f64 {
    let (cpu0, t0) = (cpu::process_cpu(), Instant::now());
    work();
    (cpu::process_cpu() - cpu0).as_secs_f64() / t0.elapsed().as_secs_f64()
}

/// Commits `moves_per_second` moves a second for the interval, each game in turn
/// given one more answer; returns `(game index, when its commit began)` of each.
fn play(store: &Store, ids: &[u64], load: &Load) -> Vec<(usize, u64)> {
    let total = (load.moves_per_second as f64 * load.seconds.as_secs_f64()) as usize;
    let rounds = total / ids.len() + 1;
    let (actions, history) = games::random_plies(PLIES + rounds);
    let every = Duration::from_secs_f64(1.0 / load.moves_per_second as f64);
    let start = Instant::now();
    let mut done = Vec::with_capacity(total);
    for k in 0..total {
        let game = k % ids.len();
        let plies = PLIES + k / ids.len() + 1;
        let rec = games::record(
            ids[game],
            &actions[..plies],
            &history[..plies.min(history.len())],
        );
        let mut w = Write::new();
        w.game(&rec).expect("encode");
        if let Some(wait) = (start + every * k as u32).checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let at = now_ns();
        store.commit(w).expect("commit");
        done.push((game, at));
    }
    done
}

/// Each push's latency in milliseconds, sorted: the n-th push of a game after the
/// first answers its n-th move.
fn latencies(committed: &[(usize, u64)], pushed: &[(usize, u64)]) -> Vec<f64> {
    use std::collections::HashMap;
    let mut moves: HashMap<usize, Vec<u64>> = HashMap::new();
    for &(game, at) in committed {
        moves.entry(game).or_default().push(at);
    }
    let mut pushes: HashMap<usize, Vec<u64>> = HashMap::new();
    for &(game, at) in pushed {
        pushes.entry(game).or_default().push(at);
    }
    let mut out = Vec::new();
    for (game, mut times) in pushes {
        times.sort_unstable();
        let made = moves.get(&game).map(Vec::as_slice).unwrap_or_default();
        // Several pages follow each game: each page's pushes are in `times` together.
        let pages = times.len() / made.len().max(1);
        for (i, at) in times.iter().enumerate() {
            let Some(&moved) = made.get(i / pages.max(1)) else {
                continue;
            };
            out.push(at.saturating_sub(moved) as f64 / 1e6);
        }
    }
    out.sort_by(f64::total_cmp);
    out
}

fn env_or(name: &str, measuring: bool, bench: u64, test: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) if measuring => v.replace('_', "").parse().expect(name),
        _ if measuring => bench,
        _ => test,
    }
}

fn main() {
    if std::env::var_os(CLIENT).is_some() {
        return client();
    }
    // `cargo bench` passes `--bench`; under `cargo test` this is a quick check only.
    let measuring = std::env::args().any(|a| a == "--bench");
    let load = Load {
        pages: env_or("ARCANA_LIVE_PAGES", measuring, 10_000, 40) as usize,
        games: env_or("ARCANA_LIVE_GAMES", measuring, 1_000, 4) as usize,
        seconds: Duration::from_secs(env_or("ARCANA_LIVE_SECONDS", measuring, 30, 1)),
        moves_per_second: env_or("ARCANA_LIVE_MOVES", measuring, 20, 20),
    };
    let kinds = std::env::var("ARCANA_LIVE_KINDS").unwrap_or_else(|_| "ws,sse".into());
    let _ = rlimit::increase_nofile_limit(rlimit::INFINITY);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    for e in store_backends::backends("live") {
        let store = e.open();
        let ids = games::fill(&store, load.games, PLIES);
        for kind in kinds.split(',') {
            let f = measure(&runtime, &store, &ids, kind == "ws", &load);
            println!(
                "live ({}, {kind}): {} pages over {} games: {:.1} KB a page; idle {:.3} cores; \
                 {} moves/s: {:.3} cores, {} moves, {} pushes, latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
                e.name, load.pages, load.games, f.kb_per_page, f.idle_cores, load.moves_per_second,
                f.busy_cores, f.moves, f.pushes, f.latency_ms[0], f.latency_ms[1], f.latency_ms[2]
            );
            assert!(f.pushes > 0 || f.moves == 0, "no push reached a page");
        }
    }
}
