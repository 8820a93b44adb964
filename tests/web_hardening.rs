//! The web server under hostile traffic (issue 47, items 16-18), all on loopback: one
//! address cannot hold every connection, and no one can hold one by sending its headers
//! slowly; behind a trusted proxy the forwarded client decides the rate-limit bucket
//! (from anyone else the header is ignored); and the answers hyper makes itself to
//! requests it cannot read carry the same security headers as the pages.

use arcana::service::pages::WebLinks;
use arcana::store::Store;
use arcana::web::{AddressRange, WebOptions};
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const KEY: &[u8] = b"the web hardening test's key, long enough";
/// The longest any one wait in these tests may last before it fails: a bound on a
/// test that has gone wrong, not a measure of speed.
const PATIENCE: Duration = Duration::from_secs(30);
/// The headers every answer carries.
const SECURITY: [&str; 6] = [
    "content-security-policy",
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "cross-origin-opener-policy",
    "permissions-policy",
];
/// A request whose headers never end.
const HALF_SENT: &[u8] = b"GET / HTTP/1.1\r\nHost: arcana.test\r\nUser-Agent: slow";

/// Serves the pages with `options` (made from the server's links) on a port of
/// 127.0.0.1; returns its address.
async fn serve(options: impl FnOnce(WebOptions) -> WebOptions) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    let links = WebLinks::new(&format!("http://{address}"), KEY);
    let store = Store::temporary().expect("store");
    tokio::spawn(arcana::web::serve(
        listener,
        store,
        options(WebOptions::new(links)),
    ));
    address
}

fn loopback(last: u8) -> IpAddr {
    [127, 0, 0, last].into()
}

/// A connection to `server` from the loopback address `from`.
async fn connect(from: IpAddr, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.bind(SocketAddr::new(from, 0)).expect("bind");
    socket.connect(server).await.expect("connect")
}

/// Everything `stream` receives until the server closes it (a reset after an answer
/// ends it too). Fails the test if the server keeps it open past [`PATIENCE`].
async fn until_closed(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    let mut chunk = [0u8; 4096];
    let read = tokio::time::timeout(PATIENCE, async {
        loop {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => received.extend_from_slice(&chunk[..n]),
            }
        }
    })
    .await;
    let text = String::from_utf8_lossy(&received).into_owned();
    assert!(
        read.is_ok(),
        "the server kept the connection open: {text:?}"
    );
    text
}

/// Sends `request` from `from` and returns the whole answer (the connection closed).
async fn exchange(from: IpAddr, server: SocketAddr, request: &[u8]) -> String {
    let mut stream = connect(from, server).await;
    // The server may answer and close before all of a refused request is written.
    let _ = stream.write_all(request).await;
    until_closed(&mut stream).await
}

/// A GET of `path` that asks the server to close the connection after answering.
fn get(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: arcana.test\r\nConnection: close\r\n\r\n").into_bytes()
}

/// The status code of a whole answer.
fn status(answer: &str) -> &str {
    answer.get(9..12).unwrap_or_default()
}

/// The value of header `name` in an answer's head.
fn header<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
    let head = answer.split("\r\n\r\n").next().unwrap_or_default();
    head.lines().skip(1).find_map(|line| {
        let (n, v) = line.split_once(':')?;
        n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

/// Asks `server` for its index page from `from` until it is answered 200, at most 300
/// times (a freed place is given back when the server has seen its connection close).
async fn served_again(from: IpAddr, server: SocketAddr) -> bool {
    for _ in 0..300 {
        if status(&exchange(from, server, &get("/")).await) == "200" {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_take_every_connection() {
    let server = serve(|o| WebOptions {
        per_address: 4,
        ..o
    })
    .await;
    // Four connections from 127.0.0.1 that never finish their headers.
    let mut slow = Vec::new();
    for _ in 0..4 {
        let mut stream = connect(loopback(1), server).await;
        stream.write_all(HALF_SENT).await.expect("write");
        slow.push(stream);
    }
    // A fifth from the same address is turned away at once, politely.
    let mut fifth = connect(loopback(1), server).await;
    let turned_away = until_closed(&mut fifth).await;
    assert_eq!(status(&turned_away), "503", "{turned_away}");
    assert!(
        header(&turned_away, "retry-after").is_some(),
        "{turned_away}"
    );
    for name in SECURITY {
        assert!(
            header(&turned_away, name).is_some(),
            "{name}: {turned_away}"
        );
    }
    // Another address still gets the page.
    let page = exchange(loopback(2), server, &get("/")).await;
    assert_eq!(status(&page), "200", "{page}");
    // When one of the slow ones goes, its address has a place again.
    drop(slow.pop());
    assert!(
        served_again(loopback(1), server).await,
        "the place was kept"
    );
    drop(slow);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_connections_in_all_are_capped() {
    let server = serve(|o| WebOptions {
        max_connections: 3,
        ..o
    })
    .await;
    let mut slow = Vec::new();
    for last in [11, 12, 13] {
        let mut stream = connect(loopback(last), server).await;
        stream.write_all(HALF_SENT).await.expect("write");
        slow.push(stream);
    }
    let answer = exchange(loopback(14), server, &get("/")).await;
    assert_eq!(status(&answer), "503", "{answer}");
    drop(slow);
    assert!(
        served_again(loopback(14), server).await,
        "no place came free"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headers_that_never_end_are_cut_off() {
    let server = serve(|o| WebOptions {
        per_address: 1,
        header_timeout: Duration::from_millis(300),
        ..o
    })
    .await;
    // Half a request: closed without an answer once the deadline passes.
    let mut slow = connect(loopback(21), server).await;
    slow.write_all(HALF_SENT).await.expect("write");
    let said = until_closed(&mut slow).await;
    assert!(!said.contains(" 200 "), "{said}");
    // Its place is free again; a whole request is answered.
    assert!(
        served_again(loopback(21), server).await,
        "the place was kept"
    );
    // A kept-alive connection idle after its answer is closed too.
    let mut idle = connect(loopback(22), server).await;
    idle.write_all(b"GET / HTTP/1.1\r\nHost: arcana.test\r\n\r\n")
        .await
        .expect("write");
    let answer = until_closed(&mut idle).await;
    assert_eq!(status(&answer), "200", "{answer}");
    // A connection that says nothing at all, the same.
    let mut silent = connect(loopback(23), server).await;
    assert_eq!(until_closed(&mut silent).await, "");
}

/// Sends `count` HEAD requests from `from`, the `i`-th with the headers `headers(i)`;
/// returns how many were refused for the rate limit.
async fn limited(
    server: SocketAddr,
    from: IpAddr,
    count: usize,
    headers: impl Fn(usize) -> Vec<(&'static str, String)>,
) -> usize {
    let http = reqwest::Client::builder()
        .local_address(from)
        .build()
        .expect("client");
    let url = format!("http://{server}/static/page.css");
    let mut refused = 0;
    for i in 0..count {
        let mut request = http.head(&url);
        for (name, value) in headers(i) {
            request = request.header(name, value);
        }
        let status = request.send().await.expect("head").status().as_u16();
        assert!(status == 200 || status == 429, "{status}");
        refused += usize::from(status == 429);
    }
    refused
}

/// A documentation address (198.51.100.0/24) per `i`.
fn visitor(i: usize) -> String {
    format!("198.51.100.{}", 1 + i % 250)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_names_the_client() {
    let proxy: AddressRange = "127.0.0.31".parse().expect("range");
    let server = serve(|o| o.trusting(&[proxy])).await;
    let (trusted, untrusted) = (loopback(31), loopback(32));
    // Through the proxy, 200 visitors each make one request: none is limited.
    let xff = |i: usize| vec![("x-forwarded-for", visitor(i))];
    assert_eq!(limited(server, trusted, 200, xff).await, 0);
    let forwarded = |i: usize| vec![("forwarded", format!("for={};proto=https", visitor(i)))];
    assert_eq!(limited(server, trusted, 200, forwarded).await, 0);
    // One visitor making 200 is, and only that visitor: the proxy's own bucket and
    // another visitor's are untouched.
    let one = |_| vec![("x-forwarded-for", "1.1.1.1, 203.0.113.7".to_string())];
    assert!(limited(server, trusted, 200, one).await > 0);
    assert_eq!(limited(server, trusted, 1, |_| vec![]).await, 0);
    let other = |_| vec![("x-forwarded-for", "203.0.113.8".to_string())];
    assert_eq!(limited(server, trusted, 1, other).await, 0);
    // From a peer that is not trusted, the header changes nothing.
    assert!(limited(server, untrusted, 200, xff).await > 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_forwarding_header_counts_the_proxy() {
    let proxy: AddressRange = "127.0.0.33".parse().expect("range");
    let server = serve(|o| o.trusting(&[proxy])).await;
    let malformed = |i: usize| {
        let (name, value) = match i % 5 {
            0 => ("x-forwarded-for", format!("visitor {i}")),
            1 => ("x-forwarded-for", format!("{},,", visitor(i))),
            2 => ("forwarded", format!("for=\"{}", visitor(i))),
            3 => ("forwarded", "for=unknown".to_string()),
            _ => ("forwarded", format!("for={0};for={0}", visitor(i))),
        };
        vec![(name, value)]
    };
    assert!(limited(server, loopback(33), 200, malformed).await > 0);
    // A well-formed one still has a bucket of its own.
    let good = |_| vec![("x-forwarded-for", "203.0.113.9".to_string())];
    assert_eq!(limited(server, loopback(33), 1, good).await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_hyper_makes_carry_the_security_headers() {
    let server = serve(|o| o).await;
    let page = exchange(loopback(41), server, &get("/")).await;
    assert_eq!(status(&page), "200", "{page}");
    let expected: Vec<(&str, &str)> = SECURITY
        .iter()
        .map(|name| (*name, header(&page, name).expect("a page's header")))
        .collect();
    let long_header = format!(
        "GET / HTTP/1.1\r\nHost: arcana.test\r\nX-Long: {}\r\n\r\n",
        "a".repeat(40_000)
    );
    let long_line = format!(
        "GET /{} HTTP/1.1\r\nHost: arcana.test\r\n\r\n",
        "a".repeat(40_000)
    );
    // Answered by the pages' own guard, which keeps the connection open: closed by ask.
    let long_address = format!(
        "GET /{} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
        "a".repeat(600)
    );
    for (request, wanted) in [
        (&b"GET / HTTP/1.1\r\nHost arcana.test\r\n\r\n"[..], "400"),
        (b"GET /\x01 HTTP/1.1\r\nHost: arcana.test\r\n\r\n", "400"),
        (b"GET / HTTP/9.9\r\nHost: arcana.test\r\n\r\n", "400"),
        (long_header.as_bytes(), "431"),
        (long_line.as_bytes(), "431"),
        (long_address.as_bytes(), "414"),
    ] {
        let answer = exchange(loopback(42), server, request).await;
        let shown = String::from_utf8_lossy(&request[..request.len().min(40)]);
        assert_eq!(status(&answer), wanted, "{shown}: {answer}");
        for (name, value) in &expected {
            assert_eq!(header(&answer, name), Some(*value), "{shown}: {answer}");
        }
    }
}
