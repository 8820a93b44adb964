//! Discord's record of an Activity instance: whether the launch a frame's address names
//! is one Discord made. `GET /api/v10/applications/<application>/activity-instances/
//! <instance>` with the bot's token (`Authorization: Bot …`) answers, for a running
//! instance of this application, `{application_id, instance_id, launch_id, location:
//! {id, kind, channel_id, guild_id?}, users}` (`users`: the ids of the people connected
//! to it now; `kind` `gc` a server's channel, `pc` a DM or group DM), and 404 `{"message":
//! "404: Not Found", "code": 0}` for any other id. The request goes through the bot's
//! relay, which keeps Discord's rate limits (and waits out a 429).

use super::super::oauth::{ask, Failure};
use std::time::Duration;

/// The longest instance id asked about.
const MAX_ID: usize = 200;
/// The pause before the one second try after a server error or no answer.
const RETRY_AFTER: Duration = Duration::from_millis(500);

/// An instance as Discord answers it (the fields the check reads).
#[derive(serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Instance {
    pub application_id: String,
    pub location: Location,
    pub users: Vec<String>,
}

/// Where an instance runs.
#[derive(serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Location {
    pub channel_id: String,
}

/// Why a launch is refused.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Discord knows no such instance of this application (404), or it is not the
    /// launch the address says. The person is told the same in every case.
    NotThere(Mismatch),
    /// Discord could not say (a server error twice, no answer, a refused bot token).
    Unknown(String),
}

/// How an instance is not the launch the address says (for the log).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Mismatch {
    /// Discord knows no such instance (404).
    Unknown,
    /// Another application's.
    Application,
    /// Running in another channel.
    Channel,
    /// The person is not among its users.
    Person,
}

/// Whether `id` can be an instance id: letters, digits, `-` and `_`, as Discord's
/// (`i-<launch>-gc-<server>-<channel>`) are; anything else is not asked about.
pub(crate) fn well_formed(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Whether `instance` is a launch of `application` in `channel` that `person` is in.
pub(crate) fn admits(
    instance: &Instance,
    application: u64,
    channel: u64,
    person: u64,
) -> Result<(), Refusal> {
    let is = |text: &str, id: u64| text.parse::<u64>().ok() == Some(id);
    if !is(&instance.application_id, application) {
        return Err(Refusal::NotThere(Mismatch::Application));
    }
    if !is(&instance.location.channel_id, channel) {
        return Err(Refusal::NotThere(Mismatch::Channel));
    }
    if !instance.users.iter().any(|u| is(u, person)) {
        return Err(Refusal::NotThere(Mismatch::Person));
    }
    Ok(())
}

/// What one answer of Discord's means: the instance, a refusal, or (`None`) a failure
/// worth one more try (a server error, no answer).
fn read(answer: Result<Instance, Failure>) -> Option<Result<Instance, Refusal>> {
    match answer {
        Ok(instance) => Some(Ok(instance)),
        Err(Failure::Status(404, _)) => Some(Err(Refusal::NotThere(Mismatch::Unknown))),
        Err(Failure::Status(status, _)) if status >= 500 => None,
        Err(Failure::Unanswered(_)) => None,
        Err(other) => Some(Err(Refusal::Unknown(other.to_string()))),
    }
}

/// The path segment of the instances.
const INSTANCES: &str = "activity-instances";

/// Where Discord answers `application`'s instance `id`.
fn address(api_base: &str, application: u64, id: &str) -> String {
    let base = api_base.trim_end_matches('/');
    format!("{base}/api/v10/applications/{application}/{INSTANCES}/{id}")
}

/// Discord's record of `application`'s instance `id` (well formed), asked with
/// `bot_token`. A server error or no answer is asked once more, after a short pause
/// (the code is spent by then: a refusal means opening the Activity again); a 404 is
/// not (the instance is over, or never was).
pub(crate) async fn fetch(
    client: &reqwest::Client,
    api_base: &str,
    bot_token: &str,
    application: u64,
    id: &str,
) -> Result<Instance, Refusal> {
    let url = address(api_base, application, id);
    let mut last = String::new();
    for attempt in 0..2 {
        if attempt > 0 {
            tokio::time::sleep(RETRY_AFTER).await;
        }
        let request = client
            .get(&url)
            .header(reqwest::header::AUTHORIZATION, ["Bot", bot_token].join(" "));
        let answer = ask::<Instance>(request).await;
        if let Err(e) = &answer {
            last = e.to_string();
        }
        if let Some(read) = read(answer) {
            return read;
        }
    }
    Err(Refusal::Unknown(last))
}

#[cfg(test)]
mod tests {
    use super::*;

    const APP: u64 = 1_215_413_995_645_968_394;
    const CHANNEL: u64 = 912_954_213_460_484_116;
    const ALICE: u64 = 205_519_959_982_473_217;

    /// The example of Discord's documentation, read as the check reads it.
    fn documented() -> Instance {
        serde_json::from_str(
            r#"{"application_id":"1215413995645968394",
            "instance_id":"i-1276580072400224306-gc-912952092627435520-912954213460484116",
            "launch_id":"1276580072400224306",
            "location":{"id":"gc-912952092627435520-912954213460484116","kind":"gc",
            "channel_id":"912954213460484116","guild_id":"912952092627435520"},
            "users":["205519959982473217"]}"#,
        )
        .expect("the documented instance")
    }

    #[test]
    fn only_our_launch_in_that_channel_with_that_person_is_admitted() {
        let instance = documented();
        assert_eq!(admits(&instance, APP, CHANNEL, ALICE), Ok(()));
        let refused = |app, channel, person, why| {
            admits(&instance, app, channel, person) == Err(Refusal::NotThere(why))
        };
        assert!(refused(APP + 1, CHANNEL, ALICE, Mismatch::Application));
        assert!(refused(APP, CHANNEL + 1, ALICE, Mismatch::Channel));
        assert!(refused(APP, CHANNEL, ALICE + 1, Mismatch::Person));
        let mut two = instance.clone();
        two.users.push("42".into());
        assert_eq!(admits(&two, APP, CHANNEL, 42), Ok(()), "one who joined");
        let mut odd = instance;
        odd.location.channel_id = String::new();
        odd.application_id = "not a number".into();
        assert!(admits(&odd, APP, CHANNEL, ALICE).is_err());
    }

    #[test]
    fn a_dm_s_instance_has_no_server() {
        let instance: Instance = serde_json::from_str(
            r#"{"application_id":"7","instance_id":"i-1-pc-5","launch_id":"1",
            "location":{"id":"pc-5","kind":"pc","channel_id":"5","guild_id":null},
            "users":["9"]}"#,
        )
        .expect("a DM's instance");
        assert_eq!(admits(&instance, 7, 5, 9), Ok(()));
    }

    #[test]
    fn a_404_refuses_at_once_a_server_error_is_tried_again() {
        let status = |s: u16| read(Err(Failure::Status(s, String::new())));
        assert_eq!(status(404), Some(Err(Refusal::NotThere(Mismatch::Unknown))));
        for s in [500, 502, 503] {
            assert!(status(s).is_none(), "{s} is tried again");
        }
        assert!(read(Err(Failure::Unanswered("reset".into()))).is_none());
        for s in [401, 403, 429] {
            assert!(matches!(status(s), Some(Err(Refusal::Unknown(_)))), "{s}");
        }
        assert_eq!(read(Ok(documented())), Some(Ok(documented())));
    }

    #[test]
    fn only_plain_ids_are_asked_about() {
        assert!(well_formed(
            "i-1276580072400224306-gc-912952092627435520-912954213460484116"
        ));
        assert!(well_formed("i-1-pc-5_x"));
        for bad in [
            "",
            "../../users/@me",
            "i-1?x=y",
            "i-1/../2",
            "i 1",
            "i-1%2F",
            "é",
            &"i".repeat(MAX_ID + 1),
        ] {
            assert!(!well_formed(bad), "{bad}");
        }
        assert_eq!(
            address("http://127.0.0.1:9/", 7, "i-1-pc-5"),
            "http://127.0.0.1:9/api/v10/applications/7/activity-instances/i-1-pc-5"
        );
    }
}
