//! Discord's OAuth2 for the Activity: a code from the Embedded App SDK's AUTHORIZE is
//! exchanged at `POST /api/v10/oauth2/token` (a form: the client id and secret, the
//! grant `authorization_code`, the code) for an access token, and `GET
//! /api/v10/users/@me` with that token as `Bearer` names the person. Discord answers a
//! wrong or used code with 400 `invalid_grant` and a wrong client with 401
//! `invalid_client`; either is a refusal here, told to the log, never the secret.

#[derive(serde::Deserialize)]
struct Token {
    access_token: String,
}

#[derive(serde::Deserialize)]
struct Me {
    id: String,
}

/// A body longer than this is not read as a token, a user or an instance.
const MAX_ANSWER: usize = 64 * 1024;

/// Why Discord's answer is not the one asked for.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Failure {
    /// Discord answered with this status; the text is its `error` (OAuth2) or
    /// `message` field.
    Status(u16, String),
    /// No answer, or one that could not be read.
    Unanswered(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Status(status, said) => write!(f, "{status} {said}"),
            Failure::Unanswered(why) => f.write_str(why),
        }
    }
}

/// Sends `request` and reads a JSON answer of type `T`.
pub(super) async fn ask<T: serde::de::DeserializeOwned>(
    request: reqwest::RequestBuilder,
) -> Result<T, Failure> {
    let unanswered = |e: reqwest::Error| Failure::Unanswered(e.to_string());
    let answer = request.send().await.map_err(unanswered)?;
    let status = answer.status();
    let body = answer.bytes().await.map_err(unanswered)?;
    if body.len() > MAX_ANSWER {
        return Err(Failure::Unanswered(format!(
            "an answer of {} bytes",
            body.len()
        )));
    }
    if !status.is_success() {
        let said = serde_json::from_slice::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| {
                let text = v["error"].as_str().or_else(|| v["message"].as_str());
                text.map(str::to_string)
            })
            .unwrap_or_default();
        return Err(Failure::Status(status.as_u16(), said));
    }
    serde_json::from_slice(&body)
        .map_err(|e| Failure::Unanswered(format!("an unreadable answer: {e}")))
}

/// The access token for `code` and the id of the person it names, from the Discord at
/// `api_base`.
pub(super) async fn exchange(
    client: &reqwest::Client,
    api_base: &str,
    client_id: u64,
    client_secret: &str,
    code: &str,
) -> Result<(String, u64), String> {
    let base = api_base.trim_end_matches('/');
    let form = [
        ("client_id", client_id.to_string()),
        ("client_secret", client_secret.to_string()),
        ("grant_type", "authorization_code".to_string()),
        ("code", code.to_string()),
    ];
    let token: Token = ask(client
        .post(format!("{base}/api/v10/oauth2/token"))
        .form(&form))
    .await
    .map_err(|e| format!("the code exchange: {e}"))?;
    let me: Me = ask(client
        .get(format!("{base}/api/v10/users/@me"))
        .bearer_auth(&token.access_token))
    .await
    .map_err(|e| format!("/users/@me: {e}"))?;
    let id = me
        .id
        .parse()
        .map_err(|_| format!("/users/@me named no user id ({})", me.id))?;
    Ok((token.access_token, id))
}
