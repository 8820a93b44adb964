//! The connections the pages are served on. A connection is taken only while fewer than
//! a total (kept below the process's open-file limit, raised at start where allowed) are
//! open, and fewer than a few from its address (trusted proxies excepted); past either
//! it is answered 503 and closed at once. Each request's headers must arrive within a
//! deadline, or the connection is closed: one address holding many half-sent requests
//! or idle connections cannot use up the files every other visitor needs.

use super::proxy::{self, AddressRange};
use super::{lock, wire};
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// The largest request head read (request line and headers); past it hyper answers 431.
/// The pages' requests are a few hundred bytes.
const MAX_HEAD: usize = 32 * 1024;

/// How many connections, and how long a request's headers may take.
#[derive(Clone, Copy, Debug)]
pub(super) struct Caps {
    pub(super) total: usize,
    pub(super) per_address: usize,
    pub(super) header_timeout: Duration,
}

/// The connections open, in all and by address.
pub(super) struct Slots {
    caps: Caps,
    trusted: Vec<AddressRange>,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// One open connection's place, given back when it is dropped.
pub(super) struct Slot {
    slots: Arc<Slots>,
    /// The address it is counted under (`None`: a trusted proxy's, not counted by address).
    address: Option<IpAddr>,
}

impl Slots {
    pub(super) fn new(caps: Caps, trusted: Vec<AddressRange>) -> Arc<Slots> {
        Arc::new(Slots {
            caps,
            trusted,
            open: Mutex::new(Open::default()),
        })
    }

    /// A place for a connection from `peer`, if there is one.
    pub(super) fn take(self: &Arc<Slots>, peer: IpAddr) -> Option<Slot> {
        let address = (!proxy::trusted(&self.trusted, peer)).then(|| proxy::counted_as(peer));
        let mut open = lock(&self.open);
        if open.total >= self.caps.total {
            return None;
        }
        if let Some(address) = address {
            let from = open.by_address.entry(address).or_insert(0);
            if *from >= self.caps.per_address {
                return None;
            }
            *from += 1;
        }
        open.total += 1;
        Some(Slot {
            slots: Arc::clone(self),
            address,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = lock(&self.slots.open);
        open.total -= 1;
        if let Some(address) = self.address {
            if let Some(from) = open.by_address.get_mut(&address) {
                *from -= 1;
                if *from == 0 {
                    open.by_address.remove(&address);
                }
            }
        }
    }
}

/// A connection's place as the requests on it see it: a WebSocket keeps it after its
/// connection has left HTTP (hyper's connection ends at the upgrade), so an open socket
/// counts in the caps as long as it is open.
#[derive(Clone)]
pub(super) struct Held(#[allow(dead_code)] Arc<Slot>);

/// Accepts connections on `listener` and serves `app` on each that has a place, until
/// the listener fails for good.
pub(super) async fn accept(
    listener: TcpListener,
    app: axum::Router,
    slots: Arc<Slots>,
) -> Result<(), String> {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                // Out of files or memory: let some connections finish first.
                tracing::warn!("web: cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(slot) = slots.take(peer.ip()) else {
            // Best effort, never waiting: the socket's buffer is empty, and the file
            // is given back at once.
            let _ = stream.try_write(&wire::busy_answer());
            continue;
        };
        let app = app.clone();
        let header_timeout = slots.caps.header_timeout;
        let held = Held(Arc::new(slot));
        tokio::spawn(serve_connection(stream, peer, app, header_timeout, held));
    }
}

/// Errors of one connection that leave the listener as it was.
fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    )
}

/// Serves HTTP/1.1 on one connection until it closes, its client stops sending, its
/// headers take longer than `header_timeout`, or it becomes a WebSocket (which then
/// holds its place, `held`, in its requests' extensions).
async fn serve_connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: axum::Router,
    header_timeout: Duration,
    held: Held,
) {
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(wire::Secured::new(stream));
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(held.clone());
        app.clone().oneshot(request.map(axum::body::Body::new))
    });
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_header_size(MAX_HEAD)
        // What an unfinished head may fill before it is refused (the default: 400 KB).
        .max_buf_size(2 * MAX_HEAD)
        .serve_connection(io, service)
        .with_upgrades()
        .await;
    if let Err(e) = served {
        tracing::debug!("web: connection from {peer}: {e}");
    }
}

/// The connections that may be open at once: `wanted`, or fewer when the process's
/// open-file limit (its soft limit raised to the hard one first, where allowed) leaves
/// less than a quarter of it (at least 64 files, at most half) for everything else.
pub(super) fn below_file_limit(wanted: usize) -> usize {
    match file_limit() {
        Some(limit) => wanted.min(connections_within(limit)),
        None => wanted,
    }
}

/// The connections a limit of `files` open files allows.
fn connections_within(files: u64) -> usize {
    let kept = (files / 4).max(64).min(files / 2);
    usize::try_from(files - kept).unwrap_or(usize::MAX).max(1)
}

/// The open-file limit after raising it as far as allowed; `None`: none, or unknown.
#[cfg(unix)]
fn file_limit() -> Option<u64> {
    let limit = match rlimit::increase_nofile_limit(rlimit::INFINITY) {
        Ok(limit) => limit,
        Err(e) => {
            tracing::warn!("web: cannot raise the open-file limit: {e}");
            rlimit::getrlimit(rlimit::Resource::NOFILE).ok()?.0
        }
    };
    (limit != rlimit::INFINITY).then_some(limit)
}

#[cfg(not(unix))]
fn file_limit() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(total: usize, per_address: usize, trusted: &[&str]) -> Arc<Slots> {
        let caps = Caps {
            total,
            per_address,
            header_timeout: Duration::from_secs(1),
        };
        let trusted = trusted.iter().map(|t| t.parse().expect("range")).collect();
        Slots::new(caps, trusted)
    }

    #[test]
    fn places_by_address_and_in_all() {
        let slots = slots(5, 2, &["10.0.0.1"]);
        let (a, b, proxy): (IpAddr, IpAddr, IpAddr) = (
            [192, 0, 2, 1].into(),
            [192, 0, 2, 2].into(),
            [10, 0, 0, 1].into(),
        );
        let first = slots.take(a).expect("first");
        let _second = slots.take(a).expect("second");
        assert!(slots.take(a).is_none(), "a third from one address");
        let _other = slots.take(b).expect("another address");
        let proxied = [slots.take(proxy), slots.take(proxy)];
        assert!(
            proxied.iter().all(Option::is_some),
            "a proxy is not capped by address"
        );
        assert!(slots.take(proxy).is_none(), "the total is");
        drop(first);
        assert!(slots.take(a).is_some(), "a place came free");
    }

    #[test]
    fn ipv6_is_capped_by_its_block() {
        let slots = slots(10, 1, &[]);
        let _one = slots.take("2001:db8::1".parse().expect("ip")).expect("one");
        assert!(slots.take("2001:db8::2".parse().expect("ip")).is_none());
        assert!(slots.take("2001:db8:0:1::2".parse().expect("ip")).is_some());
    }

    #[test]
    fn some_files_are_kept_for_the_rest() {
        assert_eq!(connections_within(1024), 768);
        assert_eq!(connections_within(256), 192);
        assert_eq!(connections_within(100), 50);
        assert_eq!(connections_within(1 << 20), 786_432);
        assert_eq!(connections_within(1), 1);
    }
}
