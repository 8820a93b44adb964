//! One input line of `arcana local`, `[#channel ]NAME: TEXT`, and the ids its names
//! stand for.

use super::LANG;
use crate::i18n::tr;
use crate::service::api::User;
use crate::service::stable_id;

pub const DEFAULT_CHANNEL: &str = "general";
/// One input line, split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub channel: String,
    pub user: String,
    pub text: String,
}

/// Reads `[#channel ]NAME: TEXT`. `None` for blank lines and `//` comments; `Err` for
/// lines that do not have that shape.
pub fn parse_line(line: &str) -> Option<Result<Line, String>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("//") {
        return None;
    }
    let (channel, rest) = match line.strip_prefix('#') {
        Some(r) => match r.split_once(char::is_whitespace) {
            Some((c, rest)) => (c.trim_end_matches(':').to_string(), rest.trim()),
            None => return Some(Err(tr(LANG, "local-line-needs-name"))),
        },
        None => (DEFAULT_CHANNEL.to_string(), line),
    };
    let Some((user, text)) = rest.split_once(':') else {
        return Some(Err(tr(LANG, "local-line-shape")));
    };
    let user = user.trim().trim_start_matches('@');
    if user.is_empty() || user.contains(char::is_whitespace) || channel.is_empty() {
        return Some(Err(tr(LANG, "local-line-shape")));
    }
    Some(Ok(Line {
        channel,
        user: user.to_string(),
        text: text.trim().to_string(),
    }))
}

pub fn local_user(name: &str) -> User {
    User {
        id: stable_id("user", name),
        name: name.to_string(),
    }
}

pub fn local_channel(name: &str) -> u64 {
    stable_id("channel", name)
}

pub const LOCAL_SERVER: &str = "local";

/// The computer player's name in `arcana local`: `/challenge @arcana level:4`.
pub const COMPUTER: &str = "arcana";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(
            parse_line("#lobby alice: /challenge @bob"),
            Some(Ok(Line {
                channel: "lobby".into(),
                user: "alice".into(),
                text: "/challenge @bob".into()
            }))
        );
        assert_eq!(
            parse_line("bob: e4"),
            Some(Ok(Line {
                channel: "general".into(),
                user: "bob".into(),
                text: "e4".into()
            }))
        );
        assert_eq!(parse_line("   "), None);
        assert!(matches!(parse_line("no colon here"), Some(Err(_))));
    }
}
