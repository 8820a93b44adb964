//! Where a request comes from: whether its `Origin` is one of this site's pages (the
//! public address, or Discord's proxy of it when the Activity is on). Shared by the
//! socket's upgrade, the pages' actions and the Activity's sign-in.

use super::Web;
use axum::http::{header, HeaderMap, Uri};

/// The origin (`scheme://host[:port]`) of an absolute address, lowercased; `None` when
/// it has none.
fn origin(url: &str) -> Option<String> {
    let uri: Uri = url.parse().ok()?;
    let (scheme, authority) = (uri.scheme_str()?, uri.authority()?);
    Some(format!("{scheme}://{authority}").to_ascii_lowercase())
}

/// Whether the request's `Origin` is the configured public address's origin.
pub(super) fn same_origin(public_url: &str, headers: &HeaderMap) -> bool {
    let theirs = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    match (theirs, origin(public_url)) {
        (Some(theirs), Some(ours)) => theirs.eq_ignore_ascii_case(&ours),
        _ => false,
    }
}

/// The origin of the pages seen through Discord's proxy.
pub(super) fn proxied_origin(client_id: u64) -> String {
    format!("https://{client_id}.discordsays.com")
}

/// Whether a request comes from one of this site's pages: the public address's origin,
/// or Discord's proxy of it when the Activity is on.
pub(super) fn from_our_pages(web: &Web, headers: &HeaderMap) -> bool {
    same_origin(web.links.public_url(), headers)
        || web.activity.as_ref().is_some_and(|a| a.proxied(headers))
}
