//! Whom a request is counted against: the TCP peer, or, when the peer is a trusted proxy
//! (`[web] trusted_proxies`), the client its `X-Forwarded-For` (else `Forwarded`) header
//! names. From anyone else those headers are ignored: a client could write any address.

use axum::http::{HeaderMap, HeaderName};
use std::net::{IpAddr, Ipv6Addr, SocketAddr};

/// An address or a block of addresses: `192.0.2.7`, `10.0.0.0/8`, `2001:db8::/32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddressRange {
    base: IpAddr,
    prefix: u8,
}

impl AddressRange {
    /// Whether `ip` is in the block (an IPv4 address written as IPv6, `::ffff:a.b.c.d`,
    /// counts as itself).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.base, ip.to_canonical()) {
            (IpAddr::V4(base), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(base) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(base), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(base) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl std::str::FromStr for AddressRange {
    type Err = String;

    fn from_str(text: &str) -> Result<AddressRange, String> {
        let bad = || format!("`{text}` is not an address or a block like 10.0.0.0/8");
        let (address, prefix) = match text.trim().split_once('/') {
            Some((a, p)) => (a, Some(p.parse::<u8>().map_err(|_| bad())?)),
            None => (text.trim(), None),
        };
        let base = address.parse::<IpAddr>().map_err(|_| bad())?.to_canonical();
        let bits = if base.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(bits);
        if prefix > bits {
            return Err(bad());
        }
        Ok(AddressRange { base, prefix })
    }
}

impl std::fmt::Display for AddressRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.base, self.prefix)
    }
}

/// Whether `ip` is one of the trusted proxies.
pub(super) fn trusted(proxies: &[AddressRange], ip: IpAddr) -> bool {
    proxies.iter().any(|p| p.contains(ip))
}

/// The address a request from `peer` is counted against. From a trusted proxy: walking
/// its forwarding header from the nearest hop back, the first address that is not a
/// trusted proxy (all trusted: the farthest). Without the header, with a malformed
/// one, or with a hop that hides its address (`for=unknown`): the peer.
pub(super) fn client_address(
    peer: IpAddr,
    headers: &HeaderMap,
    proxies: &[AddressRange],
) -> IpAddr {
    let peer = peer.to_canonical();
    if !trusted(proxies, peer) {
        return peer;
    }
    let x_forwarded_for = HeaderName::from_static("x-forwarded-for");
    let hops = if headers.contains_key(&x_forwarded_for) {
        header_hops(headers, &x_forwarded_for, forwarded_for_hop)
    } else if headers.contains_key(axum::http::header::FORWARDED) {
        header_hops(headers, &axum::http::header::FORWARDED, forwarded_hop)
    } else {
        return peer;
    };
    let Some(hops) = hops else {
        return peer;
    };
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Some(ip) = hop else {
            return peer;
        };
        client = ip.to_canonical();
        if !trusted(proxies, client) {
            return client;
        }
    }
    client
}

/// The hops of every `name` header in order, each `Some(address)` or `None` (hidden);
/// `None` when any of them cannot be read.
fn header_hops(
    headers: &HeaderMap,
    name: &HeaderName,
    hop: fn(&str) -> Option<Option<IpAddr>>,
) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    for value in headers.get_all(name) {
        for element in value.to_str().ok()?.split(',') {
            hops.push(hop(element.trim())?);
        }
    }
    Some(hops)
}

/// One `X-Forwarded-For` element: an address, perhaps with a port.
fn forwarded_for_hop(element: &str) -> Option<Option<IpAddr>> {
    node_address(element).map(Some)
}

/// One `Forwarded` element (RFC 7239): `for=192.0.2.60;proto=https`,
/// `for="[2001:db8::1]:4711"`. Its `for` is `None` when the element has none or hides
/// it (`unknown`, `_name`); `None` when the element is malformed.
fn forwarded_hop(element: &str) -> Option<Option<IpAddr>> {
    let mut found: Option<Option<IpAddr>> = None;
    for pair in element.split(';') {
        let (name, value) = pair.trim().split_once('=')?;
        let is_token = |s: &str| {
            !s.is_empty()
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~:[]".contains(&b))
        };
        let value = match value.strip_prefix('"') {
            Some(quoted) => quoted.strip_suffix('"')?,
            None => value,
        };
        if !is_token(name) || !is_token(value) {
            return None;
        }
        if !name.eq_ignore_ascii_case("for") {
            continue;
        }
        if found.is_some() {
            return None;
        }
        found = Some(
            if value.eq_ignore_ascii_case("unknown") || value.starts_with('_') {
                None
            } else {
                Some(node_address(value)?)
            },
        );
    }
    Some(found.flatten())
}

/// An address as proxies write it: `192.0.2.7`, `192.0.2.7:80`, `2001:db8::1`,
/// `[2001:db8::1]`, `[2001:db8::1]:80`.
fn node_address(text: &str) -> Option<IpAddr> {
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(socket) = text.parse::<SocketAddr>() {
        return Some(socket.ip());
    }
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    inner.parse::<Ipv6Addr>().ok().map(IpAddr::V6)
}

/// The key an address is counted under: itself, or for IPv6 its /64 (one household's or
/// one server's block, all of which its owner can use).
pub(super) fn counted_as(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !(u128::MAX >> 64))),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ranges(list: &[&str]) -> Vec<AddressRange> {
        list.iter().map(|r| r.parse().expect("range")).collect()
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("address")
    }

    fn from(peer: &str, headers: &[(&str, &str)], proxies: &[&str]) -> IpAddr {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.append(
                HeaderName::from_bytes(name.as_bytes()).expect("name"),
                HeaderValue::from_str(value).expect("value"),
            );
        }
        client_address(ip(peer), &map, &ranges(proxies))
    }

    #[test]
    fn ranges_parse_and_contain() {
        let r = ranges(&[
            "10.0.0.0/8",
            "192.0.2.7",
            "2001:db8::/32",
            "::ffff:127.0.0.1",
        ]);
        assert!(r[0].contains(ip("10.200.1.2")) && !r[0].contains(ip("11.0.0.1")));
        assert!(r[1].contains(ip("192.0.2.7")) && !r[1].contains(ip("192.0.2.8")));
        assert!(
            r[1].contains(ip("::ffff:192.0.2.7")),
            "a mapped address is itself"
        );
        assert!(r[2].contains(ip("2001:db8:1::5")) && !r[2].contains(ip("2001:db9::1")));
        assert!(r[3].contains(ip("127.0.0.1")));
        assert!(!r[0].contains(ip("::a00:1")), "families differ");
        assert!(ranges(&["0.0.0.0/0"])[0].contains(ip("203.0.113.9")));
        for bad in [
            "10.0.0.0/33",
            "localhost",
            "10.0.0/8",
            "::/129",
            "1.2.3.4/x",
            "",
        ] {
            assert!(bad.parse::<AddressRange>().is_err(), "{bad}");
        }
    }

    #[test]
    fn only_a_trusted_peer_is_believed() {
        let xff = [("x-forwarded-for", "198.51.100.9")];
        assert_eq!(from("10.0.0.1", &xff, &["10.0.0.0/8"]), ip("198.51.100.9"));
        assert_eq!(from("10.0.0.1", &xff, &[]), ip("10.0.0.1"));
        assert_eq!(
            from("203.0.113.5", &xff, &["10.0.0.0/8"]),
            ip("203.0.113.5")
        );
        assert_eq!(from("10.0.0.1", &[], &["10.0.0.0/8"]), ip("10.0.0.1"));
    }

    #[test]
    fn the_nearest_untrusted_hop_is_the_client() {
        let proxies = ["10.0.0.0/8"];
        // The client wrote its own first element: the proxy's own is the last.
        let chain = [("x-forwarded-for", "1.1.1.1, 198.51.100.9, 10.0.0.2")];
        assert_eq!(from("10.0.0.1", &chain, &proxies), ip("198.51.100.9"));
        let lines = [
            ("x-forwarded-for", "1.1.1.1"),
            ("x-forwarded-for", "198.51.100.9:4711"),
        ];
        assert_eq!(from("10.0.0.1", &lines, &proxies), ip("198.51.100.9"));
        let all_trusted = [("x-forwarded-for", "10.0.0.3, 10.0.0.2")];
        assert_eq!(from("10.0.0.1", &all_trusted, &proxies), ip("10.0.0.3"));
        let forwarded = [(
            "forwarded",
            "for=1.1.1.1, for=\"[2001:db8::7]:4711\";proto=https;by=10.0.0.1",
        )];
        assert_eq!(from("10.0.0.1", &forwarded, &proxies), ip("2001:db8::7"));
        let plain = [("forwarded", "For=198.51.100.9;Proto=http")];
        assert_eq!(from("10.0.0.1", &plain, &proxies), ip("198.51.100.9"));
        // X-Forwarded-For wins when both are sent.
        let both = [
            ("forwarded", "for=1.1.1.1"),
            ("x-forwarded-for", "198.51.100.9"),
        ];
        assert_eq!(from("10.0.0.1", &both, &proxies), ip("198.51.100.9"));
    }

    #[test]
    fn malformed_or_hidden_falls_back_to_the_peer() {
        for (name, value) in [
            ("x-forwarded-for", "not an address"),
            ("x-forwarded-for", "198.51.100.9,,"),
            ("x-forwarded-for", ""),
            ("x-forwarded-for", "198.51.100.9, unknown"),
            ("forwarded", "for=198.51.100.9;for=1.1.1.1"),
            ("forwarded", "for=\"198.51.100.9"),
            ("forwarded", "198.51.100.9"),
            ("forwarded", "for=unknown"),
            ("forwarded", "for=_hidden"),
            ("forwarded", "proto=https"),
            ("forwarded", "for=host.example"),
        ] {
            assert_eq!(
                from("10.0.0.1", &[(name, value)], &["10.0.0.0/8"]),
                ip("10.0.0.1"),
                "{name}: {value}"
            );
        }
    }

    #[test]
    fn ipv6_counts_by_its_64_block() {
        assert_eq!(counted_as(ip("2001:db8:1:2:3:4:5:6")), ip("2001:db8:1:2::"));
        assert_eq!(counted_as(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(counted_as(ip("192.0.2.7")), ip("192.0.2.7"));
    }
}
