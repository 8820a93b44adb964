//! The channel and player names `arcana local` has seen, kept in a file of the data
//! folder so that a later run still names the channels of earlier games; and how the
//! service's places read in the terminal.

use super::line::{local_channel, local_user};
use super::LANG;
use crate::service::api::Places;
use crate::tr;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Channel and player names seen on input lines, so that replies can name a channel
/// (`#lobby`) and a direct message its reader. Kept in a file of the data folder
/// ([`NAMES_FILE`]), so that a later run still names the channels of earlier games
/// (results, reminders and digests come there).
#[derive(Debug, Default)]
pub struct LocalPlaces {
    names: Mutex<Names>,
    /// Where the names are kept (`None`: for this run only).
    file: Option<PathBuf>,
}

#[derive(Debug, Default)]
struct Names {
    channels: HashMap<u64, String>,
    users: HashMap<u64, String>,
    /// Every name in the order first seen (`#channel` or `@user`, as in the file): a
    /// reader that knew the first N learns only those after them ([`LocalPlaces::since`]).
    order: Vec<String>,
}

impl Names {
    /// Takes `line` (`#channel` or `@user`); whether it is new.
    fn learn(&mut self, line: &str) -> bool {
        let new = if let Some(c) = line.strip_prefix('#') {
            self.channels
                .insert(local_channel(c), c.to_string())
                .is_none()
        } else if let Some(u) = line.strip_prefix('@') {
            self.users.insert(local_user(u).id, u.to_string()).is_none()
        } else {
            false
        };
        if new {
            self.order.push(line.to_string());
        }
        new
    }
}

/// The file of the data folder that keeps the names: one a line, `#channel` or `@user`.
pub const NAMES_FILE: &str = "local-names.txt";

impl LocalPlaces {
    /// Names kept in `folder`'s [`NAMES_FILE`] (read now, written as new ones come).
    pub fn kept_in(folder: &Path) -> LocalPlaces {
        let file = folder.join(NAMES_FILE);
        let mut names = Names::default();
        for line in std::fs::read_to_string(&file).unwrap_or_default().lines() {
            names.learn(line);
        }
        LocalPlaces {
            names: Mutex::new(names),
            file: Some(file),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Names> {
        self.names.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Remembers a channel's name; returns its id.
    pub fn see(&self, name: &str) -> u64 {
        self.see_line(&format!("#{name}"));
        local_channel(name)
    }

    /// Remembers a player's name.
    pub fn see_user(&self, name: &str) {
        self.see_line(&format!("@{name}"));
    }

    /// Remembers `line` (`#channel` or `@user`), kept in the file when it is new.
    fn see_line(&self, line: &str) {
        if self.lock().learn(line) {
            self.keep(line);
        }
    }

    /// Adds a name to the file; a name that cannot be kept is only for this run.
    fn keep(&self, line: &str) {
        let Some(file) = &self.file else {
            return;
        };
        let kept = file
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| {
                let mut f = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(file)?;
                writeln!(f, "{line}")
            });
        if let Err(e) = kept {
            let warning = tr!(
                LANG,
                "local-name-not-kept",
                name = line,
                file = file.display().to_string(),
                error = e.to_string()
            );
            eprintln!("{warning}");
        }
    }

    fn name(&self, channel: u64) -> Option<String> {
        self.lock().channels.get(&channel).cloned()
    }

    /// A player's name, if seen.
    pub fn user_name(&self, user: u64) -> Option<String> {
        self.lock().users.get(&user).cloned()
    }
}

impl Places for LocalPlaces {
    fn mention(&self, _server: Option<u64>, channel: u64) -> Option<String> {
        self.name(channel).map(|n| format!("#{n}"))
    }

    fn site(&self, _server: Option<u64>, channel: u64) -> Option<String> {
        self.name(channel)
            .map(|n| tr!(LANG, "local-site", channel = n))
    }

    /// A tournament's game gets a channel of its own, named after its title
    /// (`#spring-round-1-alice-vs-bob`).
    fn open_event_place(&self, _channel: u64, title: &str) -> Result<u64, String> {
        let mut slug = String::new();
        for c in title.chars().flat_map(char::to_lowercase) {
            if c.is_alphanumeric() {
                slug.push(c);
            } else if !slug.is_empty() && !slug.ends_with('-') {
                slug.push('-');
            }
        }
        Ok(self.see(slug.trim_end_matches('-')))
    }
}

impl LocalPlaces {
    /// The names first seen after the first `known` ones (`#channel` or `@user`), for
    /// a reader that keeps its own copy: each line reads only what is new.
    pub fn since(&self, known: usize) -> Vec<String> {
        self.lock().order.get(known..).unwrap_or_default().to_vec()
    }
}
