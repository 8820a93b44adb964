//! Player-facing words in every language the bot speaks: Project Fluent catalogs
//! (`locales/<lang>/*.ftl`), embedded in the binary and read once at first use.
//! Pure: depends on nothing else in the crate, so every layer may ask it for a text.
//!
//! Keys are named `area-what` (`cmd-challenge-description`, `help-intro`). A key missing
//! from a catalog falls back to English at run time and fails `tests/i18n.rs`.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::LazyLock;
use unic_langid::LanguageIdentifier;

mod msg;
pub use msg::{Arg, Msg};

pub use fluent_bundle::FluentValue;

/// The catalogs' files, one list for every language: a language is a folder
/// `locales/<code>/` holding each of them (a file may hold only a comment: its keys
/// fall back to English).
macro_rules! catalog {
    ($code:literal) => {
        concat!(
            include_str!(concat!("../../locales/", $code, "/main.ftl")),
            include_str!(concat!("../../locales/", $code, "/picker.ftl")),
            include_str!(concat!("../../locales/", $code, "/service.ftl")),
            include_str!(concat!("../../locales/", $code, "/challenges.ftl")),
            include_str!(concat!("../../locales/", $code, "/play.ftl")),
            include_str!(concat!("../../locales/", $code, "/variants.ftl")),
            include_str!(concat!("../../locales/", $code, "/tournament.ftl")),
            include_str!(concat!("../../locales/", $code, "/web.ftl")),
            include_str!(concat!("../../locales/", $code, "/puzzles.ftl")),
            include_str!(concat!("../../locales/", $code, "/discord.ftl")),
        )
    };
}

/// THE list of languages: the enum entry, its folder's code and Discord's locale
/// code for its localizations (`None`: the default language, in which commands are
/// registered). Adding a language is its folder of catalogs and one line here.
macro_rules! languages {
    ($($lang:ident = $code:literal, $discord:expr;)*) => {
        /// A language of the catalogs.
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
        )]
        pub enum Lang {
            #[default]
            $($lang,)*
        }

        impl Lang {
            pub const ALL: [Lang; [$($code),*].len()] = [$(Lang::$lang),*];

            /// The language's code, as the catalogs' folders are named.
            pub fn code(self) -> &'static str {
                match self {
                    $(Lang::$lang => $code,)*
                }
            }

            /// Discord's locale code for the language's localizations (`None`: the
            /// default language, in which commands are registered).
            pub fn discord_locale(self) -> Option<&'static str> {
                match self {
                    $(Lang::$lang => $discord,)*
                }
            }

            /// The catalog's source text.
            pub fn catalog(self) -> &'static str {
                match self {
                    $(Lang::$lang => catalog!($code),)*
                }
            }
        }

        /// The choices of `/settings language`: `auto`, then every language's code.
        pub const SETTING_CHOICES: [&str; [$($code),*].len() + 1] = ["auto", $($code),*];
    };
}

languages! {
    En = "en", None;
    De = "de", Some("de");
    Fr = "fr", Some("fr");
}

impl Lang {
    /// The language for a Discord locale code (`en-US`, `de`, `fr`, `pt-BR` ...): the
    /// language whose code is its primary subtag, else English (the fallback of every
    /// reply).
    pub fn from_locale(locale: &str) -> Lang {
        let primary = locale.split(['-', '_']).next().unwrap_or_default();
        Lang::ALL
            .into_iter()
            .find(|l| primary.eq_ignore_ascii_case(l.code()))
            .unwrap_or_default()
    }

    fn bundle(self) -> &'static Bundle {
        let at = Lang::ALL.iter().position(|l| *l == self).unwrap_or(0);
        &BUNDLES[at]
    }
}

type Bundle = FluentBundle<FluentResource>;

/// Every language's bundle, in the order of [`Lang::ALL`].
static BUNDLES: LazyLock<Vec<Bundle>> = LazyLock::new(|| Lang::ALL.map(bundle).into());

/// One language's bundle. A catalog with syntax errors keeps the messages that parsed
/// (`tests/i18n.rs` forbids errors).
fn bundle(lang: Lang) -> Bundle {
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // Discord shows Unicode isolation marks around arguments as stray characters.
    b.set_use_isolating(false);
    let resource = match FluentResource::try_new(lang.catalog().to_string()) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    // Duplicate keys keep the first message; the test forbids them too.
    let _ = b.add_resource(resource);
    b
}

/// Whether `lang`'s catalog itself has a message `key` (no fallback).
pub fn has(lang: Lang, key: &str) -> bool {
    lang.bundle()
        .get_message(key)
        .is_some_and(|m| m.value().is_some())
}

/// The message `key` in `lang`.
pub fn tr(lang: Lang, key: &str) -> String {
    tr_args(lang, key, &[])
}

/// The message `key` in `lang`, its `{ $name }` variables filled from `args`. Falls back
/// to English, then to the key itself.
pub fn tr_args(lang: Lang, key: &str, args: &[(&str, FluentValue)]) -> String {
    format(lang, key, args)
        .or_else(|| format(Lang::En, key, args))
        .unwrap_or_else(|| key.to_string())
}

/// The message `key` in `lang` if that catalog has it (no fallback).
pub fn try_tr(lang: Lang, key: &str) -> Option<String> {
    format(lang, key, &[])
}

fn format(lang: Lang, key: &str, args: &[(&str, FluentValue)]) -> Option<String> {
    let bundle = lang.bundle();
    let pattern = bundle.get_message(key)?.value()?;
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    Some(text.into_owned())
}

/// `tr!(lang, "key")` or `tr!(lang, "key", name = value, ...)`: a message with its
/// variables (strings or numbers).
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:literal) => {
        $crate::i18n::tr($lang, $key)
    };
    ($lang:expr, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::tr_args(
            $lang,
            $key,
            &[$((stringify!($name), $crate::i18n::FluentValue::from($value))),+],
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_choose_a_language() {
        assert_eq!(Lang::from_locale("de"), Lang::De);
        assert_eq!(Lang::from_locale("fr"), Lang::Fr);
        for other in ["en-US", "en-GB", "es-ES", "pt-BR", "da", ""] {
            assert_eq!(Lang::from_locale(other), Lang::En, "{other}");
        }
    }

    #[test]
    fn arguments_have_no_isolation_marks() {
        let text = tr!(Lang::En, "i18n-example", name = "Anna");
        assert_eq!(text, "Hello, Anna!");
        assert!(!text.contains(['\u{2068}', '\u{2069}']));
        assert_eq!(tr!(Lang::De, "i18n-example", name = "Anna"), "Hallo, Anna!");
    }

    #[test]
    fn a_missing_key_falls_back() {
        assert_eq!(tr(Lang::De, "no-such-key"), "no-such-key");
        assert!(has(Lang::En, "help-intro"));
        assert!(!has(Lang::En, "no-such-key"));
    }

    #[test]
    fn the_bundles_can_be_shared_between_threads() {
        fn shared<T: Send + Sync>(_: &T) {}
        shared(&*BUNDLES);
        let t = std::thread::spawn(|| tr(Lang::De, "help-intro"));
        assert!(t.join().is_ok_and(|s| !s.is_empty()));
    }
}
