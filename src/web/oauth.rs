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

/// A body longer than this is not read as a token or a user.
const MAX_ANSWER: usize = 64 * 1024;

/// Sends `request` and reads a JSON answer of type `T`; `Err` says why not (status and
/// Discord's `error` field, or what failed).
async fn ask<T: serde::de::DeserializeOwned>(
    request: reqwest::RequestBuilder,
) -> Result<T, String> {
    let answer = request.send().await.map_err(|e| e.to_string())?;
    let status = answer.status();
    let body = answer.bytes().await.map_err(|e| e.to_string())?;
    if body.len() > MAX_ANSWER {
        return Err(format!("an answer of {} bytes", body.len()));
    }
    if !status.is_success() {
        let error = serde_json::from_slice::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| v["error"].as_str().map(str::to_string))
            .unwrap_or_default();
        return Err(format!("{status} {error}"));
    }
    serde_json::from_slice(&body).map_err(|e| format!("an unreadable answer: {e}"))
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
