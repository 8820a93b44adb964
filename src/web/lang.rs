//! The language a page is written in.

use crate::i18n::Lang;
use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;

/// The language a page is written in: `?lang=de` or `?lang=en` when the address asks
/// for one (the page's links then keep it), else the first of English and German in
/// the browser's `Accept-Language` by its preference, else English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PageLang {
    pub(crate) lang: Lang,
    /// The address asked for it.
    asked: bool,
}

impl PageLang {
    /// What the page's links add to keep the language asked (empty: none was).
    pub(super) fn query(self) -> &'static str {
        match (self.asked, self.lang) {
            (false, _) => "",
            (true, Lang::En) => "lang=en",
            (true, Lang::De) => "lang=de",
            (true, Lang::Fr) => "lang=fr",
        }
    }
}

/// A language of the pages by its code or a tag of it (`de`, `de-AT`).
fn supported(tag: &str) -> Option<Lang> {
    let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
    Lang::ALL
        .into_iter()
        .find(|l| primary.eq_ignore_ascii_case(l.code()))
}

/// The language of a page asked with `query` (the address after `?`) and an
/// `Accept-Language` header.
pub(crate) fn page_lang(query: Option<&str>, accept: Option<&str>) -> PageLang {
    let asked = query.and_then(|q| {
        q.split('&')
            .filter_map(|pair| pair.split_once('='))
            .filter(|(name, _)| *name == "lang")
            .find_map(|(_, value)| supported(value))
    });
    if let Some(lang) = asked {
        return PageLang { lang, asked: true };
    }
    // The supported language of the highest weight; of equal weights, the first.
    let mut best: Option<(f32, Lang)> = None;
    for item in accept.unwrap_or_default().split(',') {
        let mut parts = item.split(';');
        let Some(lang) = parts.next().and_then(supported) else {
            continue;
        };
        let weight = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, lang));
        }
    }
    PageLang {
        lang: best.map_or(Lang::En, |(_, l)| l),
        asked: false,
    }
}

#[axum::async_trait]
impl<S: Send + Sync> FromRequestParts<S> for PageLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<PageLang, Self::Rejection> {
        let accept = parts
            .headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok());
        Ok(page_lang(parts.uri.query(), accept))
    }
}
