//! `arcana local`: the service in a terminal. Reads `[#channel ]NAME: TEXT` lines,
//! prints every reply with its audience, writes board images as PNG files.
//!
//! Owns the terminal front end. May import `service`, `store`, `render` and `ratings`
//! (and what they export); the game service is its only way to a game.

use crate::render::{render_png, RenderOptions};
use crate::service::api::{replace_places, Audience, Context, Places, Reply, Request, User};
use crate::service::command::parse_command;
use crate::service::front::{ChatLine, GameService};
use crate::service::{stable_id, Service, ServiceConfig};
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

pub const DEFAULT_CHANNEL: &str = "general";

#[derive(Clone, Debug)]
pub struct LocalOptions {
    pub data: PathBuf,
    /// A store URL (`sled:PATH`, `postgres://...`) used instead of `data`.
    pub store: Option<String>,
    pub out: PathBuf,
    pub seed: Option<u64>,
    /// Write board images (off: only the text is printed).
    pub images: bool,
    /// One ratings ladder for all servers (the bot's `ratings.global_ladder`).
    pub global_ladder: bool,
    /// Serve the games' web pages on this address (`--web`), their links signed by the
    /// key kept in the data folder ([`WEB_KEY_FILE`]).
    pub web: Option<std::net::SocketAddr>,
}

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
            None => {
                return Some(Err(
                    "A line needs `NAME: TEXT` after the channel.".to_string()
                ))
            }
        },
        None => (DEFAULT_CHANNEL.to_string(), line),
    };
    let Some((user, text)) = rest.split_once(':') else {
        return Some(Err(
            "Write lines as `NAME: TEXT`, e.g. `alice: /challenge @bob`.".to_string(),
        ));
    };
    let user = user.trim().trim_start_matches('@');
    if user.is_empty() || user.contains(char::is_whitespace) || channel.is_empty() {
        return Some(Err(
            "Write lines as `NAME: TEXT`, e.g. `alice: /challenge @bob`.".to_string(),
        ));
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
}

/// The file of the data folder that keeps the names: one a line, `#channel` or `@user`.
pub const NAMES_FILE: &str = "local-names.txt";

impl LocalPlaces {
    /// Names kept in `folder`'s [`NAMES_FILE`] (read now, written as new ones come).
    pub fn kept_in(folder: &Path) -> LocalPlaces {
        let file = folder.join(NAMES_FILE);
        let mut names = Names::default();
        for line in std::fs::read_to_string(&file).unwrap_or_default().lines() {
            if let Some(c) = line.strip_prefix('#') {
                names.channels.insert(local_channel(c), c.to_string());
            } else if let Some(u) = line.strip_prefix('@') {
                names.users.insert(local_user(u).id, u.to_string());
            }
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
        let id = local_channel(name);
        if self.lock().channels.insert(id, name.to_string()).is_none() {
            self.keep(&format!("#{name}"));
        }
        id
    }

    /// Remembers a player's name.
    pub fn see_user(&self, name: &str) {
        let id = local_user(name).id;
        if self.lock().users.insert(id, name.to_string()).is_none() {
            self.keep(&format!("@{name}"));
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
            eprintln!(
                "warning: cannot keep the name {line} in {}: {e}",
                file.display()
            );
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
        self.name(channel).map(|n| format!("arcana local, #{n}"))
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
    /// Every channel's name known so far.
    pub fn names(&self) -> Vec<String> {
        self.lock().channels.values().cloned().collect()
    }

    /// Every player's name known so far, with their id.
    pub fn users(&self) -> Vec<(u64, String)> {
        self.lock()
            .users
            .iter()
            .map(|(id, n)| (*id, n.clone()))
            .collect()
    }
}

/// Prints replies in the `#channel: ...` / `DM @name: ...` / `only @name: ...` form.
pub struct Printer {
    out_dir: PathBuf,
    images: bool,
    counter: u64,
    /// Channel names by id, to print the service's channel references as `#name`.
    channels: HashMap<u64, String>,
    /// Player names by id, for direct messages that carry only an id (the digest).
    users: HashMap<u64, String>,
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
        }
    }

    /// Remembers a channel's name for the references printed later.
    pub fn know_channel(&mut self, name: &str) {
        self.channels.insert(local_channel(name), name.to_string());
    }

    /// Remembers every channel and player name `places` knows.
    pub fn know(&mut self, places: &LocalPlaces) {
        for name in places.names() {
            self.know_channel(&name);
        }
        self.users.extend(places.users());
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
            None => format!("player {}", user.id),
        }
    }

    fn file(&mut self, channel: &str, name: &str, bytes: &[u8]) -> Result<PathBuf, String> {
        std::fs::create_dir_all(&self.out_dir)
            .map_err(|e| format!("cannot create {}: {e}", self.out_dir.display()))?;
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
        std::fs::write(&path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
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
            Audience::Private(u) => format!("DM {} (from #{channel}): ", self.reader(u)),
            Audience::Invoker => format!("only @{invoker}: "),
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
            writeln!(
                out,
                "{prefix}(`/rematch` challenges the same opponent again, colours swapped.)"
            )?;
        }
        if let Some(view) = &reply.image {
            if self.images {
                let written = render_png(view, &RenderOptions::default())
                    .map_err(|e| e.to_string())
                    .and_then(|png| self.file(channel, "board.png", &png));
                match written {
                    Ok(path) => writeln!(out, "{prefix}[image] {}", path.display())?,
                    Err(e) => writeln!(out, "{prefix}[image not written: {e}]")?,
                }
            }
        }
        for a in &reply.attachments {
            match self.file(channel, &a.name, &a.bytes) {
                Ok(path) => writeln!(out, "{prefix}[file] {}", path.display())?,
                Err(e) => writeln!(out, "{prefix}[file not written: {e}]")?,
            }
        }
        Ok(())
    }
}

/// Turns one parsed line into a request, or the sentence explaining why not.
pub fn request_for(service: &Service, line: &Line) -> Result<Request, String> {
    match parse_command(&line.text, &|name| local_user(name))? {
        Some(req) => Ok(req),
        None => match service.chat_line(
            local_channel(&line.channel),
            local_user(&line.user).id,
            &line.text,
        ) {
            ChatLine::Move(req) => Ok(req),
            // Judged as `/move` would be: whose turn it is, or who plays here.
            ChatLine::NotAsked => Ok(Request::Move {
                text: line.text.trim().to_string(),
            }),
            ChatLine::NotAMove => {
                Err("That is neither a command nor a move; try `/help`.".to_string())
            }
        },
    }
}

const INTRO: &str =
    "arcana local — type lines as `NAME: TEXT`, optionally starting with `#channel `.\n\
Example: `alice: /challenge @bob standard color:white`, then `bob: /accept`, `alice: e4`.\n\
`/help` lists the commands; end with Ctrl-D.";

/// Runs the loop until the end of input.
pub fn run(
    service: &Service,
    places: &LocalPlaces,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    printer: &mut Printer,
) -> std::io::Result<()> {
    let server = Some(stable_id("server", LOCAL_SERVER));
    let mut bytes = Vec::new();
    resume(service, places, out, printer)?;
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // One bad line is refused; the session carries on.
        let Ok(buf) = std::str::from_utf8(&bytes) else {
            writeln!(
                out,
                "error: that line is not valid UTF-8 text, so it was ignored."
            )?;
            continue;
        };
        let line = match parse_line(buf) {
            None => continue,
            Some(Err(e)) => {
                writeln!(out, "error: {e}")?;
                continue;
            }
            Some(Ok(l)) => l,
        };
        let user = local_user(&line.user);
        places.see_user(&line.user);
        places.see(&line.channel);
        printer.know(places);
        match request_for(service, &line) {
            Ok(req) => {
                let ctx = Context {
                    user,
                    channel: places.see(&line.channel),
                    server,
                    key: None,
                    lang: Default::default(),
                    guild_locale: None,
                };
                let review = match &req {
                    Request::Review { game } => Some(*game),
                    _ => None,
                };
                // At a local table everyone may organise a tournament.
                let organiser = matches!(req, crate::service::api::Request::Tournament { .. });
                let replies = service.handle_as(&ctx, organiser, req);
                printer.know(places);
                for r in replies {
                    printer.print(out, &line.channel, &line.user, &r)?;
                    delivered(service, &r);
                }
                // A review asked for runs now, after its progress note.
                if let Some(replies) = review.and_then(|game| service.review(&ctx, game)) {
                    for r in replies {
                        printer.print(out, &line.channel, &line.user, &r)?;
                    }
                }
                // The computer answers at once, inline: one search at a time.
                while let Some(replies) = service.computer_turn(ctx.channel) {
                    for r in replies {
                        printer.print(out, &line.channel, COMPUTER, &r)?;
                        delivered(service, &r);
                    }
                }
            }
            Err(e) => printer.print(out, &line.channel, &line.user, &Reply::refusal(e))?,
        }
        let ticked = service.tick();
        // Channels opened for tournament games are printed by their names.
        printer.know(places);
        for t in ticked {
            print_timed(out, printer, &t)?;
            delivered(service, &t.reply);
        }
        out.flush()?;
    }
    out.flush()
}

/// What an earlier run left to do: replies stored but not printed, timers due, the
/// computer's turns.
fn resume(
    service: &Service,
    places: &LocalPlaces,
    out: &mut dyn Write,
    printer: &mut Printer,
) -> std::io::Result<()> {
    service.set_computer(local_user(COMPUTER));
    places.see_user(COMPUTER);
    printer.know(places);
    // Replies an earlier run stored but stopped before printing.
    for pending in service.outbox() {
        let who = pending.actor.map(|u| u.name).unwrap_or_default();
        let channel = printer.channel_name(pending.channel);
        for r in &pending.replies {
            printer.print(out, &channel, &who, r)?;
        }
        service.delivered(pending.id);
    }
    for t in service.tick() {
        print_timed(out, printer, &t)?;
        delivered(service, &t.reply);
    }
    // Games of an earlier run that wait for the computer.
    for channel in service.computer_channels() {
        while let Some(replies) = service.computer_turn(channel) {
            for r in replies {
                let name = printer.channel_name(channel);
                printer.print(out, &name, COMPUTER, &r)?;
                delivered(service, &r);
            }
        }
    }
    Ok(())
}

/// A printed reply has reached its reader: its outbox entry is done.
fn delivered(service: &Service, r: &Reply) {
    if let Some(id) = r.outbox {
        service.delivered(id);
    }
}

fn print_timed(
    out: &mut dyn Write,
    printer: &mut Printer,
    t: &crate::service::api::TimedReply,
) -> std::io::Result<()> {
    // Timed replies name channels by id: printed by the names kept across runs.
    let channel = printer.channel_name(t.channel);
    printer.print(out, &channel, "", &t.reply)
}

/// The file of the data folder that keeps the key of the web pages' links.
pub const WEB_KEY_FILE: &str = "web-key";

/// The folder this front end keeps its own files in: the sled store's folder, or
/// `--data` beside a PostgreSQL store.
fn data_folder(opts: &LocalOptions, at: &crate::store::StoreUrl) -> PathBuf {
    match at {
        crate::store::StoreUrl::Sled(path) => path.clone(),
        crate::store::StoreUrl::Postgres(_) => opts.data.clone(),
    }
}

/// The key that signs the web pages' links, kept in `folder`'s [`WEB_KEY_FILE`]
/// (made at the first run, readable by its owner only), so that links stay valid from
/// one run to the next.
pub fn web_key(folder: &Path) -> Result<Vec<u8>, String> {
    use rand::RngCore;
    let file = folder.join(WEB_KEY_FILE);
    let cannot = |e: std::io::Error| format!("cannot keep the web key in {}: {e}", file.display());
    std::fs::create_dir_all(folder).map_err(cannot)?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(&file) {
        Ok(mut f) => {
            let mut key = [0u8; 32];
            rand::thread_rng().fill_bytes(&mut key);
            let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
            writeln!(f, "{hex}")
                .and_then(|()| f.sync_all())
                .map_err(cannot)?;
            Ok(hex.into_bytes())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            let key = std::fs::read_to_string(&file).map_err(cannot)?;
            let key = key.trim();
            if key.len() < 32 {
                return Err(format!(
                    "the web key in {} is shorter than 32 characters; delete the file to \
                     make a new one (links given before stop working)",
                    file.display()
                ));
            }
            Ok(key.as_bytes().to_vec())
        }
        Err(e) => Err(cannot(e)),
    }
}

/// `arcana local` itself.
pub fn main(opts: LocalOptions) -> Result<(), String> {
    use std::io::IsTerminal;
    let ladder = if opts.global_ladder {
        crate::ratings::LadderScope::Global
    } else {
        crate::ratings::LadderScope::Server
    };
    let at = match &opts.store {
        Some(url) => crate::store::StoreUrl::parse(url)?,
        None => crate::store::StoreUrl::Sled(opts.data.clone()),
    };
    let folder = data_folder(&opts, &at);
    let web = match opts.web {
        Some(listen) => Some(crate::service::pages::WebLinks::new(
            &format!("http://{listen}"),
            &web_key(&folder)?,
        )),
        None => None,
    };
    let config = ServiceConfig {
        seed: opts.seed,
        ladder,
        legend_size: None,
        challenge_expiry_ms: None,
        claimer: None,
        vacation_days: None,
        web,
    };
    let places = Arc::new(LocalPlaces::kept_in(&folder));
    places.see(DEFAULT_CHANNEL);
    let config_web = config.web.clone();
    let service = Service::open_url(&at, config)
        .map_err(|e| format!("cannot open the store {}: {e}", at.describe()))?
        .with_places(places.clone());
    if let (Some(listen), Some(links)) = (opts.web, &config_web) {
        let bound = crate::web::spawn(
            listen,
            service.store().share(),
            crate::web::WebOptions::new(links.clone()),
        )?;
        eprintln!("Web pages at http://{bound}/ (ask /web for a game's)");
    }
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("{INTRO}");
    }
    // A newcomer re-running an example in the same folder finds the old game there.
    let unfinished = service.store().active_games().map(|g| g.len()).unwrap_or(0);
    if unfinished > 0 {
        eprintln!(
            "Note: {} holds {unfinished} unfinished game(s) from an earlier run; they go on \
             here. Pass `--data <new folder>` to start afresh.",
            opts.data.display()
        );
    }
    let mut printer = Printer::new(&opts.out, opts.images);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    run(&service, &places, &mut stdin.lock(), &mut out, &mut printer).map_err(|e| e.to_string())?;
    service.flush().map_err(|e| e.to_string())
}

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

    #[test]
    fn a_line_of_invalid_utf8_is_refused_and_the_session_goes_on() {
        let dir = tempfile::tempdir().expect("tempdir");
        let service = Service::open(
            dir.path().join("data"),
            ServiceConfig {
                seed: Some(1),
                ..ServiceConfig::default()
            },
        )
        .expect("service");
        let mut printer = Printer::new(&dir.path().join("out"), false);
        let mut input: &[u8] = b"alice: /challenge @bob\n\xff\xfe bad\nbob: /accept\n";
        let mut out = Vec::new();
        let places = LocalPlaces::default();
        run(&service, &places, &mut input, &mut out, &mut printer).expect("run");
        let out = String::from_utf8(out).expect("utf8");
        assert!(out.contains("error: that line is not valid UTF-8"), "{out}");
        assert!(out.contains("bob accepts"), "{out}");
    }

    #[test]
    fn a_digest_names_its_reader_and_channel_from_an_earlier_run() {
        use crate::service::api::TimedReply;
        let dir = tempfile::tempdir().expect("tempdir");
        let places = LocalPlaces::kept_in(dir.path());
        places.see_user("bob");
        places.see("den");
        drop(places);
        // A later run, before anyone typed: the names come from the data folder.
        let places = LocalPlaces::kept_in(dir.path());
        let mut printer = Printer::new(&dir.path().join("out"), false);
        printer.know(&places);
        let digest = |id: u64| TimedReply {
            channel: local_channel("den"),
            reply: Reply::private(
                User {
                    id,
                    name: String::new(),
                },
                "Your turn in 1 game.".to_string(),
            ),
        };
        let mut out = Vec::new();
        print_timed(&mut out, &mut printer, &digest(local_user("bob").id)).expect("print");
        // Never seen: named by its number, never an empty name.
        print_timed(&mut out, &mut printer, &digest(42)).expect("print");
        let out = String::from_utf8(out).expect("utf8");
        assert_eq!(
            out,
            "DM @bob (from #den): Your turn in 1 game.\n\
             DM player 42 (from #den): Your turn in 1 game.\n"
        );
    }
}
