//! `arcana store-copy`, `store-check` and `ratings`: a store looked after while the bot
//! is stopped.

use super::{RatingsArgs, StoreCheckArgs, StoreCopyArgs};
use crate::ratings::{LadderScope, Table};
use crate::store::{Store, StoreUrl};

/// `arcana store-copy --from URL --to URL`: every entry of one store into an empty one.
pub(super) fn store_copy(a: StoreCopyArgs) -> Result<(), String> {
    let (from, to) = (StoreUrl::parse(&a.from)?, StoreUrl::parse(&a.to)?);
    if let StoreUrl::Sled(p) = &from {
        if !p.is_dir() {
            return Err(format!("there is no store at {}", p.display()));
        }
    }
    let open = |u: &StoreUrl| Store::open_at(u).map_err(|e| unopened(&u.describe(), &e));
    let copied = open(&from)?
        .copy_into(&open(&to)?)
        .map_err(|e| e.to_string())?;
    println!(
        "copied {copied} entries from {} to {}",
        from.describe(),
        to.describe()
    );
    Ok(())
}

/// `arcana store-check --store URL`: what of a store is readable.
pub(super) fn store_check(a: StoreCheckArgs) -> Result<(), String> {
    let url = StoreUrl::parse(&a.store)?;
    if let StoreUrl::Sled(p) = &url {
        if !p.is_dir() {
            return Err(format!("there is no store at {}", p.display()));
        }
    }
    let store = Store::open_at(&url).map_err(|e| unopened(&url.describe(), &e))?;
    let report = store.check();
    println!("{}: {}", url.describe(), report.summary());
    for line in &report.unreadable {
        println!("  unreadable: {line}");
    }
    for line in &report.disagreements {
        println!("  vacation disagrees: {line}");
    }
    if !report.disagreements.is_empty() && report.unreadable.is_empty() {
        return Err(format!(
            "{} game(s) disagree with a vacation: run the bot once (its first tick sets them right) or report it",
            report.disagreements.len()
        ));
    }
    if report.unreadable.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} unreadable item(s): restore them from a backup (docs/deploy.md)",
            report.unreadable.len()
        ))
    }
}

/// `arcana ratings [--rebuild]`: the stored ratings, or their recomputation from the
/// records compared with them (an error when they differ).
pub(super) fn ratings(a: RatingsArgs) -> Result<(), String> {
    let (data, rebuild, global) = (a.data.as_path(), a.rebuild, a.global_ladder);
    if !data.is_dir() {
        return Err(format!("there is no store at {}", data.display()));
    }
    let store = crate::store::Store::open(data).map_err(|e| {
        format!(
            "the store in {} will not open (is the bot running?): {e}",
            data.display()
        )
    })?;
    let (stored, stored_scope) = store.ratings().map_err(|e| e.to_string())?;
    if !rebuild {
        for l in ratings_lines(&stored) {
            println!("{l}");
        }
        return Ok(());
    }
    let scope = if global {
        LadderScope::Global
    } else {
        stored_scope.unwrap_or_default()
    };
    let (rebuilt, games) =
        crate::service::ratings::rebuild(&store, scope).map_err(|e| e.to_string())?;
    for l in ratings_lines(&rebuilt) {
        println!("{l}");
    }
    if rebuilt == stored && stored_scope == Some(scope) {
        println!(
            "{games} rated game{}, {} ratings ({} ladders): identical to the stored ratings",
            if games == 1 { "" } else { "s" },
            rebuilt.standings.len(),
            scope.name()
        );
        Ok(())
    } else {
        let old = ratings_lines(&stored);
        let new = ratings_lines(&rebuilt);
        let differ = new.iter().filter(|l| !old.contains(l)).count()
            + old.iter().filter(|l| !new.contains(l)).count();
        Err(format!(
            "the ratings rebuilt from {games} rated games ({} ladders) differ from the stored ones in {differ} lines; the bot replaces them with the rebuilt ones at its next start",
            scope.name()
        ))
    }
}

fn ratings_lines(table: &Table) -> Vec<String> {
    table
        .standings
        .iter()
        .map(|(k, s)| {
            format!(
                "{} {} user {}: rating {} deviation {} volatility {} ({}-{}-{})",
                k.ladder
                    .map_or("global".to_string(), |l| format!("server {l}")),
                k.variant.id(),
                k.user,
                s.glicko.rating,
                s.glicko.deviation,
                s.glicko.volatility,
                s.wins,
                s.draws,
                s.losses
            )
        })
        .collect()
}

/// The one line that says a store could not be opened (the catalog's words).
fn unopened(store: &str, error: &dyn std::fmt::Display) -> String {
    crate::tr!(
        crate::i18n::Lang::En,
        "local-store-unopened",
        store = store,
        error = error.to_string()
    )
}
