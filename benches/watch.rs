//! The idle cost of watched games (issue 53): N stored 60-ply games, each watched by
//! one open event stream of the web server (`/g/<game>/events`), on sled and (when
//! `ARCANA_TEST_POSTGRES` names a server, as `.ci/with-postgres` sets it) PostgreSQL.
//! Once every stream has had its first `version` event, nothing happens for a fixed
//! interval, and the CPU time this process (the web server and its store) spent in it
//! is read from `/proc/self/stat`: the cores the watching takes while idle. The
//! streams' client is a child process (this bench run again), so that neither its
//! CPU nor its open sockets count here.
//!
//! For comparison, the web's former way is timed at 1,000 games on sled: a poller per
//! game reading the whole record (`Store::game_versioned`) every 250 ms.
//!
//! N is 1,000 and 10,000 unless `ARCANA_BENCH_GAMES` lists sizes; the idle interval is
//! 30 s (one re-check of every watched game falls in it) unless `ARCANA_WATCH_SECONDS`
//! says. Under `cargo test` (no `--bench`) it runs 20 games for 1 s.

#[path = "common/cpu.rs"]
mod cpu;
#[path = "common/games.rs"]
mod games;
#[path = "../tests/store_backends/mod.rs"]
mod store_backends;

use arcana::service::pages::WebLinks;
use arcana::store::Store;
use std::io::{BufRead, Read, Write as _};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Plies of every stored game.
const PLIES: usize = 60;
/// The environment variable that makes this program the streams' client.
const CLIENT: &str = "ARCANA_WATCH_CLIENT";
/// How often the former poller read each watched game.
const FORMER_POLL: Duration = Duration::from_millis(250);

/// The child: opens a stream on every address read from stdin (`HOST:PORT PATH
/// CLIENT` lines, each stream from a client address of its own, forwarded as by a
/// trusted proxy: the web's limits per address stay as they are), waits for each one's first event, says `ready`, and holds them open until
/// stdin closes.
fn client() {
    let mut streams = Vec::new();
    let mut buf = [0u8; 512];
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("a line");
        if line.is_empty() {
            break;
        }
        let mut parts = line.split(' ');
        let (Some(host), Some(path), Some(from)) = (parts.next(), parts.next(), parts.next())
        else {
            panic!("HOST PATH ADDRESS: {line}");
        };
        let mut s = std::net::TcpStream::connect(host).expect("connect");
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nX-Forwarded-For: {from}\r\n\r\n"
        )
        .expect("ask");
        let mut got = String::new();
        while !got.contains("event: version") {
            let n = s.read(&mut buf).expect("read");
            assert!(n > 0, "closed: {got}");
            got.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
        streams.push(s);
    }
    println!("ready");
    std::io::stdout().flush().expect("flush");
    let _ = std::io::stdin().read(&mut buf);
    drop(streams);
}

/// Cores taken over `idle` while `n` games of `store` are watched through the web.
fn watched(runtime: &tokio::runtime::Runtime, store: &Store, ids: &[u64], idle: Duration) -> f64 {
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let host = listener.local_addr().expect("address").to_string();
    let links = WebLinks::new(
        &format!("http://{host}"),
        b"the watch bench's key, long enough....",
    );
    let loopback: arcana::web::AddressRange = "127.0.0.0/8".parse().expect("a range");
    let mut options = arcana::web::WebOptions::new(links.clone()).trusting(&[loopback]);
    options.per_address = ids.len() + 16;
    options.max_connections = ids.len() + 64;
    runtime.spawn(arcana::web::serve(listener, store.share(), options));
    let exe = std::env::current_exe().expect("this program");
    let mut child = std::process::Command::new(exe)
        .env(CLIENT, "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the client");
    let mut to = child.stdin.take().expect("stdin");
    for &id in ids {
        let from = std::net::Ipv4Addr::from(0x0a00_0000 + id as u32);
        writeln!(to, "{host} {}/events {from}", links.game_path(id)).expect("send");
    }
    writeln!(to).expect("send");
    let mut ready = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut ready)
        .expect("ready");
    assert_eq!(ready.trim(), "ready", "the client failed");
    let cores = idle_cores(idle);
    drop(to);
    let _ = child.wait();
    cores
}

/// Cores this process takes over `idle`, doing nothing itself.
fn idle_cores(idle: Duration) -> f64 {
    let (cpu0, t0) = (cpu::process_cpu(), Instant::now());
    std::thread::sleep(idle);
    (cpu::process_cpu() - cpu0).as_secs_f64() / t0.elapsed().as_secs_f64()
}

/// Cores taken over `idle` by the former watching: a poller per game reading its whole
/// record every 250 ms.
fn polled(runtime: &tokio::runtime::Runtime, store: &Store, ids: &[u64], idle: Duration) -> f64 {
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    for &id in ids {
        let (store, stop) = (Arc::new(store.share()), Arc::clone(&stop));
        runtime.spawn(async move {
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let reader = Arc::clone(&store);
                let read = tokio::task::spawn_blocking(move || reader.game_versioned(id));
                let _ = read.await.expect("join").expect("read");
                tokio::time::sleep(FORMER_POLL).await;
            }
        });
    }
    std::thread::sleep(Duration::from_secs(1));
    let cores = idle_cores(idle);
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    cores
}

fn main() {
    if std::env::var_os(CLIENT).is_some() {
        return client();
    }
    // `cargo bench` passes `--bench`; under `cargo test` this is a quick check only.
    let measuring = std::env::args().any(|a| a == "--bench");
    let sizes: Vec<usize> = match std::env::var("ARCANA_BENCH_GAMES") {
        Ok(v) if measuring => v
            .split(',')
            .filter_map(|s| s.trim().replace('_', "").parse().ok())
            .collect(),
        _ if measuring => vec![1_000, 10_000],
        _ => vec![20],
    };
    let idle = match std::env::var("ARCANA_WATCH_SECONDS") {
        Ok(v) if measuring => Duration::from_secs(v.parse().expect("seconds")),
        _ if measuring => Duration::from_secs(30),
        _ => Duration::from_secs(1),
    };
    let _ = rlimit::increase_nofile_limit(rlimit::INFINITY);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    for &n in &sizes {
        // A fresh store per size: the web server of the last one still holds its own.
        for e in store_backends::backends("watch") {
            let store = e.open();
            let ids = games::fill(&store, n, PLIES);
            let cores = watched(&runtime, &store, &ids, idle);
            println!(
                "watch ({}): {n} watched games, idle: {cores:.3} cores over {idle:?}",
                e.name
            );
            // The former pollers on PostgreSQL each took a connection per read: more
            // than a default server allows at 1,000; timed on sled only.
            if n <= 1_000 && !store.shared() {
                let cores = polled(&runtime, &store, &ids, idle);
                println!(
                    "watch ({}): {n} polled games (former, 250 ms), idle: {cores:.3} cores",
                    e.name
                );
            }
        }
    }
}
