//! Requests to Discord that failed for a passing reason (5xx, a dropped connection,
//! 429) are sent again after a pause; what Discord's error codes mean to an admin.

use crate::i18n::{tr, Lang};
use serenity::http::HttpError;

/// Pauses before each new try of a request that failed for a passing reason; after the
/// last, the failure stands (about 8 s in all, well inside a player's patience).
const RETRY_DELAYS_MS: [u64; 5] = [250, 500, 1000, 2000, 4000];

/// Whether a failed request may succeed when sent again: Discord's 5xx answers,
/// transport failures (timeouts, dropped connections) and 429. Any other 4xx never will.
///
/// A 429 normally never gets here: the relay every request goes through (`relay.rs`)
/// keeps the rate limits and waits out a 429 that still comes before sending the
/// request again. One that still arrives (a `retry_after` too long to hold a request
/// for, or more than the relay's tries) waits at least
/// [`RATE_LIMIT_PAUSE_MS`] before the next try.
fn transient(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.is_server_error() || rate_limited(e)
        }
        serenity::Error::Http(HttpError::Request(_)) => true,
        _ => false,
    }
}

/// The shortest pause after a 429 whose `retry_after` is not known.
const RATE_LIMIT_PAUSE_MS: u64 = 1000;

fn rate_limited(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.status_code.as_u16() == 429)
}

/// Discord's JSON error code of a refused request (50013 missing permissions, ...).
pub(crate) fn discord_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// Whether a request that failed with `e` (after its retries) failed for a passing
/// reason, so that sending it later may succeed (the outbox keeps its entry).
pub(crate) fn passing(e: &serenity::Error) -> bool {
    transient(e)
}

/// Whether Discord refused a request for its form (400 Bad Request: a body it reads
/// as invalid, such as a Components V2 message where it takes none): the same message
/// in another form may pass.
pub(crate) fn refused_for_its_form(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.status_code.as_u16() == 400)
}

/// What a permanent refusal of a post in a channel means, in an admin's terms, in
/// `lang`.
pub fn permanent_reason(code: isize, lang: Lang) -> Option<String> {
    match code {
        50013 => Some(tr(lang, "delivery-reason-permission")),
        50001 => Some(tr(lang, "delivery-reason-no-access")),
        10003 => Some(tr(lang, "delivery-reason-gone")),
        50083 | 160005 => Some(tr(lang, "delivery-reason-locked")),
        _ => None,
    }
}

/// Whether a post refused with `code` means its place is gone for good (deleted, or a
/// thread archived and locked): a game played there moves elsewhere.
pub fn place_gone(code: isize) -> bool {
    matches!(code, 10003 | 50083 | 160005)
}

/// Runs a request, sending it again after a pause while it fails for a passing reason.
pub(crate) async fn with_retries<T, F, Fut>(what: &str, mut attempt: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = serenity::Result<T>>,
{
    let mut delays = RETRY_DELAYS_MS.iter();
    loop {
        match attempt().await {
            Err(e) if transient(&e) => match delays.next() {
                Some(ms) => {
                    let ms = if rate_limited(&e) {
                        (*ms).max(RATE_LIMIT_PAUSE_MS)
                    } else {
                        *ms
                    };
                    tracing::info!("{what} failed ({e}); trying again in {ms} ms");
                    tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
                }
                None => return Err(e),
            },
            other => return other,
        }
    }
}

/// An interaction callback's result: 40060 ("already acknowledged") means an earlier
/// try did reach Discord although its answer was lost, so the interaction is answered.
// The error type is serenity's own, passed through unchanged.
#[allow(clippy::result_large_err)]
pub(crate) fn acknowledged<T>(r: serenity::Result<T>) -> serenity::Result<()> {
    match r {
        Err(e) if discord_code(&e) == Some(40060) => {
            tracing::info!("interaction already acknowledged by an earlier try");
            Ok(())
        }
        other => other.map(|_| ()),
    }
}

pub(crate) async fn log_err<T>(what: &str, r: serenity::Result<T>) {
    if let Err(e) = r {
        tracing::warn!("{what} failed: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::http::ErrorResponse;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// The error serenity makes of Discord's answer `status` with JSON error `code`.
    async fn refused(status: u16, code: isize) -> serenity::Error {
        let body = format!("{{\"code\": {code}, \"message\": \"refused\"}}");
        let answer = http::Response::builder()
            .status(status)
            .header("content-type", "application/json")
            .body(body)
            .expect("an answer");
        let response =
            ErrorResponse::from_response(reqwest::Response::from(answer), reqwest::Method::POST)
                .await;
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
    }

    /// How many tries [`with_retries`] makes when Discord always refuses with `status`
    /// and `code`, and the refusal it gives up with.
    async fn tries_when_always(status: u16, code: isize) -> (u32, serenity::Error) {
        let tries = AtomicU32::new(0);
        let r: serenity::Result<()> = with_retries("test", || {
            tries.fetch_add(1, Ordering::SeqCst);
            async move { Err(refused(status, code).await) }
        })
        .await;
        (tries.load(Ordering::SeqCst), r.expect_err("refused"))
    }

    #[tokio::test(start_paused = true)]
    async fn a_server_error_is_tried_again_until_the_delays_run_out() {
        let (tries, _) = tries_when_always(502, 0).await;
        assert_eq!(tries, 1 + RETRY_DELAYS_MS.len() as u32);
    }

    #[tokio::test(start_paused = true)]
    async fn a_refusal_for_good_is_not_tried_again() {
        let (tries, refusal) = tries_when_always(403, 50013).await;
        assert_eq!(discord_code(&refusal), Some(50013));
        assert_eq!(tries, 1);
    }

    #[tokio::test(start_paused = true)]
    async fn a_429_waits_at_least_the_rate_limit_pause() {
        let start = tokio::time::Instant::now();
        let tries = AtomicU32::new(0);
        let r = with_retries("test", || {
            let n = tries.fetch_add(1, Ordering::SeqCst);
            async move {
                if n == 0 {
                    Err(refused(429, 0).await)
                } else {
                    Ok(n)
                }
            }
        })
        .await;
        assert_eq!(r.ok(), Some(1));
        assert!(start.elapsed() >= std::time::Duration::from_millis(RATE_LIMIT_PAUSE_MS));
    }

    #[tokio::test]
    async fn only_a_refusal_for_its_form_is_worth_another_form() {
        assert!(refused_for_its_form(&refused(400, 50035).await));
        assert!(!refused_for_its_form(&refused(403, 50013).await));
        assert!(!refused_for_its_form(&refused(502, 0).await));
        assert!(passing(&refused(502, 0).await) && passing(&refused(429, 0).await));
        assert!(!passing(&refused(400, 50035).await));
    }

    #[tokio::test]
    async fn an_already_acknowledged_interaction_counts_as_answered() {
        assert!(acknowledged::<()>(Err(refused(400, 40060).await)).is_ok());
        assert!(acknowledged::<()>(Err(refused(400, 10062).await)).is_err());
    }

    #[test]
    fn permanent_refusals_are_explained_in_the_readers_language() {
        let en = |code| permanent_reason(code, Lang::En);
        let de = |code| permanent_reason(code, Lang::De);
        assert!(en(50013).is_some_and(|r| r.contains("permission")));
        assert!(de(50013).is_some_and(|r| r.contains("Berechtigung")));
        assert!(en(10003).is_some());
        assert!(en(50083).is_some_and(|r| r.contains("locked")));
        assert!(de(160005).is_some_and(|r| r.contains("gesperrt")));
        for code in [50013, 50001, 10003, 50083] {
            assert_ne!(en(code), de(code), "{code}");
        }
        assert!(place_gone(10003) && place_gone(50083) && !place_gone(50013));
        assert!(en(500).is_none());
    }
}
