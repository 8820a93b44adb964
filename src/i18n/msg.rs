//! [`Msg`]: a text to be shown, kept as a catalog key with its arguments until it is
//! written in the language of whoever reads it. The games and the service build
//! messages; the service writes each in its recipient's language where it builds a
//! reply ([`Msg::in_lang`]). `Display` is English, for logs and records.

use super::{tr_args, FluentValue, Lang};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// A catalog message and its arguments, in no language yet.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Msg {
    /// The catalog key; empty for a literal text ([`Msg::text`]).
    key: Cow<'static, str>,
    args: Vec<(Cow<'static, str>, Arg)>,
}

/// One argument of a [`Msg`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// Shown as it is in every language (notation, names, squares).
    Text(String),
    Int(i64),
    /// A message of its own, written in the same language (a side, a reason).
    Msg(Box<Msg>),
}

/// The argument name of a literal text.
const TEXT: &str = "text";

impl Msg {
    /// The catalog message `key`, without arguments yet.
    pub fn new(key: impl Into<Cow<'static, str>>) -> Msg {
        Msg {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// A text shown as it is in every language (a stored text from before messages
    /// had keys, notation).
    pub fn text(text: impl Into<String>) -> Msg {
        Msg {
            key: Cow::Borrowed(""),
            args: vec![(Cow::Borrowed(TEXT), Arg::Text(text.into()))],
        }
    }

    /// This message with the variable `name` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((Cow::Borrowed(name), value.into()));
        self
    }

    /// The catalog key (empty for a literal text).
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The argument `name`, if set.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }

    /// Whether this is a literal text rather than a catalog message.
    pub fn is_text(&self) -> bool {
        self.key.is_empty()
    }

    /// The message in `lang`: nested messages in the same language; a key missing in
    /// `lang` falls back to English.
    pub fn in_lang(&self, lang: Lang) -> String {
        if self.is_text() {
            return match self.arg(TEXT) {
                Some(Arg::Text(t)) => t.clone(),
                _ => String::new(),
            };
        }
        let args: Vec<(&str, FluentValue)> = self
            .args
            .iter()
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Text(t) => FluentValue::from(t.as_str()),
                    Arg::Int(n) => FluentValue::from(*n),
                    Arg::Msg(m) => FluentValue::from(m.in_lang(lang)),
                };
                (name.as_ref(), value)
            })
            .collect();
        tr_args(lang, &self.key, &args)
    }

    /// `items` joined with the catalog's `join` message (`{ $a }; { $b }`), from the
    /// left: `(a; b); c`. `None` for no items.
    pub fn join(join: &'static str, items: impl IntoIterator<Item = Msg>) -> Option<Msg> {
        items
            .into_iter()
            .reduce(|a, b| Msg::new(join).with("a", a).with("b", b))
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.in_lang(Lang::En))
    }
}

/// A plain text is a literal message ([`Msg::text`]), shown as it is.
/// A message equals a text when its English reads the same (tests and logs compare
/// what an English reader sees).
impl PartialEq<str> for Msg {
    fn eq(&self, other: &str) -> bool {
        self.in_lang(Lang::En) == other
    }
}

impl PartialEq<&str> for Msg {
    fn eq(&self, other: &&str) -> bool {
        self.in_lang(Lang::En) == *other
    }
}

impl PartialEq<String> for Msg {
    fn eq(&self, other: &String) -> bool {
        self.in_lang(Lang::En) == *other
    }
}

impl PartialEq<Msg> for String {
    fn eq(&self, other: &Msg) -> bool {
        *self == other.in_lang(Lang::En)
    }
}

impl PartialEq<Msg> for &str {
    fn eq(&self, other: &Msg) -> bool {
        *self == other.in_lang(Lang::En)
    }
}

impl From<&str> for Msg {
    fn from(text: &str) -> Msg {
        Msg::text(text)
    }
}

impl From<&String> for Msg {
    fn from(text: &String) -> Msg {
        Msg::text(text.as_str())
    }
}

impl From<&Msg> for Msg {
    fn from(m: &Msg) -> Msg {
        m.clone()
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}

impl From<&Msg> for Arg {
    fn from(m: &Msg) -> Arg {
        Arg::Msg(Box::new(m.clone()))
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl<T: AsRef<str> + ?Sized> From<&T> for Arg {
    fn from(s: &T) -> Arg {
        Arg::Text(s.as_ref().to_string())
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Int(n)
    }
}

/// The stored form: a literal text is a plain string (as texts were stored before
/// messages had keys), a message `{"key": .., "args": {..}}`.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Stored {
    Text(String),
    Keyed {
        key: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty", with = "named")]
        args: Vec<(String, Arg)>,
    },
}

impl Serialize for Msg {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let stored = match (self.is_text(), self.arg(TEXT)) {
            (true, Some(Arg::Text(t))) => Stored::Text(t.clone()),
            _ => Stored::Keyed {
                key: self.key.to_string(),
                args: self
                    .args
                    .iter()
                    .map(|(n, a)| (n.to_string(), a.clone()))
                    .collect(),
            },
        };
        stored.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Msg {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Msg, D::Error> {
        Ok(match Stored::deserialize(d)? {
            Stored::Text(t) => Msg::text(t),
            Stored::Keyed { key, args } => Msg {
                key: key.into(),
                args: args.into_iter().map(|(n, a)| (n.into(), a)).collect(),
            },
        })
    }
}

/// Arguments as a map from name to value, in their order.
mod named {
    use super::Arg;
    use serde::de::{MapAccess, Visitor};
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(args: &[(String, Arg)], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(args.len()))?;
        for (name, arg) in args {
            map.serialize_entry(name, arg)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, Arg)>, D::Error> {
        d.deserialize_map(InOrder)
    }

    struct InOrder;

    impl<'de> Visitor<'de> for InOrder {
        type Value = Vec<(String, Arg)>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a message's arguments by name")
        }

        fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
            let mut out = Vec::new();
            while let Some(entry) = map.next_entry()? {
                out.push(entry);
            }
            Ok(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn white_wins() -> Msg {
        Msg::new("outcome-win")
            .with("winner", Msg::new("variants-white"))
            .with("reason", Msg::new("reason-checkmate"))
    }

    #[test]
    fn a_message_is_written_in_each_language() {
        assert_eq!(white_wins().to_string(), "White wins by checkmate");
        assert_eq!(
            white_wins().in_lang(Lang::De),
            tr_args(
                Lang::De,
                "outcome-win",
                &[
                    (
                        "winner",
                        FluentValue::from(super::super::tr(Lang::De, "variants-white"))
                    ),
                    (
                        "reason",
                        FluentValue::from(super::super::tr(Lang::De, "reason-checkmate"))
                    ),
                ]
            )
        );
        let named = Msg::new("i18n-example").with("name", "Anna");
        assert_eq!(named.in_lang(Lang::De), "Hallo, Anna!");
        assert_eq!(Msg::text("as it was").in_lang(Lang::De), "as it was");
    }

    #[test]
    fn messages_are_stored_and_read_back() {
        let m = white_wins().with("n", 3).with("square", "e4");
        let json = serde_json::to_string(&m).expect("json");
        assert_eq!(
            json,
            r#"{"key":"outcome-win","args":{"winner":{"key":"variants-white"},"reason":{"key":"reason-checkmate"},"n":3,"square":"e4"}}"#
        );
        let back: Msg = serde_json::from_str(&json).expect("back");
        assert_eq!(back, m);
        // A text stored before messages had keys reads as that text.
        let old: Msg = serde_json::from_str(r#""king loss""#).expect("old");
        assert_eq!(old, Msg::text("king loss"));
        assert_eq!(serde_json::to_string(&old).expect("json"), r#""king loss""#);
    }

    #[test]
    fn items_are_joined_from_the_left() {
        let items = ["a", "b", "c"].map(Msg::text);
        let joined = Msg::join("notation-or", items).expect("items");
        assert_eq!(joined.to_string(), "a or b or c");
        assert!(Msg::join("notation-or", []).is_none());
    }
}
