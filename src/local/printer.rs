//! Replies printed in the terminal, `#channel: ...` / `DM @name (from #channel): ...` /
//! `only @name: ...`, their board images and attachments written as files.

use super::io_failure;
use super::line::{local_channel, local_user};
use super::places::LocalPlaces;
use super::LANG;
use crate::i18n::tr;
use crate::render::{render_png, RenderOptions};
use crate::service::api::{replace_places, Audience, Reply, User};
use crate::tr;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Prints replies in the `#channel: ...` / `DM @name: ...` / `only @name: ...` form.
pub struct Printer {
    out_dir: PathBuf,
    images: bool,
    counter: u64,
    /// Channel names by id, to print the service's channel references as `#name`.
    channels: HashMap<u64, String>,
    /// Player names by id, for direct messages that carry only an id (the digest).
    users: HashMap<u64, String>,
    /// How many of the places' names are copied into `channels` and `users`.
    known: usize,
}

impl Printer {
    pub fn new(out_dir: &Path, images: bool) -> Printer {
        // Continue the numbering of an earlier run instead of overwriting its files.
        let counter = std::fs::read_dir(out_dir)
            .map(|rd| {
                rd.filter_map(|e| e.ok())
                    .filter_map(|e| {
                        e.file_name()
                            .to_str()
                            .and_then(|n| n.split('-').next().map(str::to_string))
                            .and_then(|n| n.parse::<u64>().ok())
                    })
                    .max()
                    .unwrap_or(0)
            })
            .unwrap_or(0);
        Printer {
            out_dir: out_dir.to_path_buf(),
            images,
            counter,
            channels: HashMap::new(),
            users: HashMap::new(),
            known: 0,
        }
    }

    /// Remembers a channel's name for the references printed later.
    pub fn know_channel(&mut self, name: &str) {
        self.channels.insert(local_channel(name), name.to_string());
    }

    /// Remembers every channel and player name `places` knows (reading only those it
    /// learnt since the last time).
    pub fn know(&mut self, places: &LocalPlaces) {
        for line in places.since(self.known) {
            self.known += 1;
            if let Some(c) = line.strip_prefix('#') {
                self.know_channel(c);
            } else if let Some(u) = line.strip_prefix('@') {
                self.users.insert(local_user(u).id, u.to_string());
            }
        }
    }

    /// A channel as printed: its name, or `channel-<id>` when it was never named.
    pub fn channel_name(&self, channel: u64) -> String {
        self.channels
            .get(&channel)
            .cloned()
            .unwrap_or_else(|| format!("channel-{channel}"))
    }

    /// The reader of a direct message: its name, else the name seen for its id, else
    /// its id (never an empty name).
    fn reader(&self, user: &User) -> String {
        if !user.name.is_empty() {
            return format!("@{}", user.name);
        }
        match self.users.get(&user.id) {
            Some(name) => format!("@{name}"),
            None => tr!(LANG, "local-unknown-player", id = user.id.to_string()),
        }
    }

    fn file(&mut self, channel: &str, name: &str, bytes: &[u8]) -> Result<PathBuf, String> {
        std::fs::create_dir_all(&self.out_dir)
            .map_err(|e| io_failure("local-cannot-create", &self.out_dir, e))?;
        self.counter += 1;
        let safe: String = format!("{channel}-{name}")
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let path = self.out_dir.join(format!("{:04}-{safe}", self.counter));
        std::fs::write(&path, bytes).map_err(|e| io_failure("local-cannot-write", &path, e))?;
        Ok(path)
    }

    pub fn print(
        &mut self,
        out: &mut dyn Write,
        channel: &str,
        invoker: &str,
        reply: &Reply,
    ) -> std::io::Result<()> {
        let prefix = match &reply.to {
            Audience::Channel => format!("#{channel}: "),
            // A direct message names the channel it comes from.
            Audience::Private(u) => {
                let dm = tr!(LANG, "local-dm", reader = self.reader(u), channel = channel);
                format!("{dm}: ")
            }
            Audience::Invoker => format!("{}: ", tr!(LANG, "local-only", name = invoker)),
            // The terminal opens no places of its own: never sent, printed by its id.
            Audience::Place(p) => format!("#{}: ", self.channel_name(*p)),
        };
        let mentions: String = reply
            .mention
            .iter()
            .map(|u| format!("@{} ", u.name))
            .collect();
        let text = replace_places(&reply.text, |c| format!("#{}", self.channel_name(c)));
        for (i, line) in text.lines().enumerate() {
            if i == 0 {
                writeln!(out, "{prefix}{mentions}{line}")?;
            } else {
                writeln!(out, "{prefix}{line}")?;
            }
        }
        if reply.text.is_empty() && !mentions.is_empty() {
            writeln!(out, "{prefix}{}", mentions.trim_end())?;
        }
        // Discord shows a Rematch button under a finished game's board; here it is typed.
        if reply.controls.as_ref().is_some_and(|c| c.finished) {
            writeln!(out, "{prefix}{}", tr(LANG, "local-rematch-hint"))?;
        }
        if let Some(view) = &reply.image {
            if self.images {
                let written = render_png(view, &RenderOptions::default())
                    .map_err(|e| e.to_string())
                    .and_then(|png| self.file(channel, "board.png", &png));
                writeln!(out, "{prefix}{}", written_line(written, true))?;
            }
        }
        for a in &reply.attachments {
            let written = self.file(channel, &a.name, &a.bytes);
            writeln!(out, "{prefix}{}", written_line(written, false))?;
        }
        Ok(())
    }
}

/// Where a board image (`image`) or an attachment was written, or why it was not.
fn written_line(written: Result<PathBuf, String>, image: bool) -> String {
    match (written, image) {
        (Ok(path), true) => tr!(LANG, "local-image", path = path.display().to_string()),
        (Ok(path), false) => tr!(LANG, "local-file", path = path.display().to_string()),
        (Err(e), true) => tr!(LANG, "local-image-not-written", error = e),
        (Err(e), false) => tr!(LANG, "local-file-not-written", error = e),
    }
}
