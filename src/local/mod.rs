//! `arcana local`: the service in a terminal. Reads `[#channel ]NAME: TEXT` lines,
//! prints every reply with its audience, writes board images as PNG files.
//!
//! Owns the terminal front end. May import `service`, `store`, `render` and `ratings`
//! (and what they export); the game service is its only way to a game.

mod line;
mod places;
mod printer;

pub use line::{
    local_channel, local_user, parse_line, Line, COMPUTER, DEFAULT_CHANNEL, LOCAL_SERVER,
};
pub use places::{LocalPlaces, NAMES_FILE};
pub use printer::Printer;

use crate::i18n::{tr, Lang};
use crate::service::api::{Context, Reply, Request};
use crate::service::command::parse_command;
use crate::service::front::{ChatLine, GameService};
use crate::service::{stable_id, Service, ServiceConfig};
use crate::tr;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The language the terminal speaks (its players have no locale).
const LANG: Lang = Lang::En;

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
            ChatLine::NotAMove => Err(tr(LANG, "local-not-a-move")),
        },
    }
}

/// Runs the loop until the end of input.
pub fn run(
    service: &Service,
    places: &LocalPlaces,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    printer: &mut Printer,
) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    let mut last_tick: Option<Instant> = None;
    resume(service, places, out, printer)?;
    let resumed = Instant::now();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // One bad line is refused; the session carries on.
        let Some(line) = read_line(&bytes, out)? else {
            continue;
        };
        places.see_user(&line.user);
        places.see(&line.channel);
        printer.know(places);
        match request_for(service, &line) {
            Ok(req) => answer(service, places, out, printer, &line, req)?,
            Err(e) => printer.print(out, &line.channel, &line.user, &Reply::refusal(e))?,
        }
        // The clocks are looked at after a line, at most once a second: a tick goes
        // through every channel in memory, and a terminal full of games would pay for
        // it on every line.
        if last_tick.is_none_or(|t| t.elapsed() >= TICK_EVERY) {
            last_tick = Some(Instant::now());
            tick(service, places, out, printer)?;
        }
        out.flush()?;
    }
    // The last look at the clocks, unless nothing was typed and the start's own look
    // (`resume`) is under a second old: the clocks are looked at at most once a second.
    if last_tick.is_some() || resumed.elapsed() >= TICK_EVERY {
        tick(service, places, out, printer)?;
    }
    out.flush()
}

/// How often `arcana local` looks at the clocks (timeouts, reminders, expiries).
const TICK_EVERY: Duration = Duration::from_secs(1);

/// Prints what time passing brought.
fn tick(
    service: &Service,
    places: &LocalPlaces,
    out: &mut dyn Write,
    printer: &mut Printer,
) -> std::io::Result<()> {
    let ticked = service.tick();
    // Channels opened for tournament games are printed by their names.
    printer.know(places);
    for t in ticked {
        print_timed(out, printer, &t)?;
        delivered(service, &t.reply);
    }
    Ok(())
}

/// One input line read: `None` (after saying why, when it is not blank or a comment)
/// when it is no `NAME: TEXT` line.
fn read_line(bytes: &[u8], out: &mut dyn Write) -> std::io::Result<Option<Line>> {
    let Ok(buf) = std::str::from_utf8(bytes) else {
        writeln!(out, "{}", tr(LANG, "local-not-utf8"))?;
        return Ok(None);
    };
    match parse_line(buf) {
        None => Ok(None),
        Some(Err(e)) => {
            writeln!(out, "{}", tr!(LANG, "local-error", error = e))?;
            Ok(None)
        }
        Some(Ok(l)) => Ok(Some(l)),
    }
}

/// Sends a line's request to the service and prints the replies; then a review asked
/// for, and the computer's answers, at once and inline (one search at a time).
fn answer(
    service: &Service,
    places: &LocalPlaces,
    out: &mut dyn Write,
    printer: &mut Printer,
    line: &Line,
    req: Request,
) -> std::io::Result<()> {
    let ctx = Context {
        user: local_user(&line.user),
        channel: places.see(&line.channel),
        server: Some(stable_id("server", LOCAL_SERVER)),
        key: None,
        lang: LANG,
        guild_locale: None,
    };
    let review = match &req {
        Request::Review { game } => Some(*game),
        _ => None,
    };
    // At a local table everyone may organise a tournament.
    let organiser = matches!(req, Request::Tournament { .. });
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
    while let Some(replies) = service.computer_turn(ctx.channel) {
        for r in replies {
            printer.print(out, &line.channel, COMPUTER, &r)?;
            delivered(service, &r);
        }
    }
    Ok(())
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
    tick(service, places, out, printer)?;
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

/// An I/O failure on `path`, in the words of catalog message `key` (whose variables
/// are `path` and `error`).
pub(crate) fn io_failure(key: &str, path: &Path, e: std::io::Error) -> String {
    let args = [
        ("path", path.display().to_string().into()),
        ("error", e.to_string().into()),
    ];
    crate::i18n::tr_args(LANG, key, &args)
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
    let cannot = |e: std::io::Error| io_failure("local-web-key-unkept", &file, e);
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
                let file = file.display().to_string();
                return Err(tr!(LANG, "local-web-key-short", file = file));
            }
            Ok(key.as_bytes().to_vec())
        }
        Err(e) => Err(cannot(e)),
    }
}

/// What players do on their own web pages (`arcana local --web`): played through the
/// service, what it causes printed here as a line typed here would print it, then the
/// computer's answers.
fn web_actor(
    service: &Arc<Service>,
    places: &Arc<LocalPlaces>,
    out_dir: &Path,
    images: bool,
) -> crate::web::Actor {
    let printer = std::sync::Mutex::new(Printer::new(out_dir, images));
    let (shared, places) = (Arc::clone(service), Arc::clone(places));
    crate::web::Actor {
        service: Arc::clone(service) as Arc<dyn GameService>,
        deliver: Arc::new(move |place, replies| {
            let mut printer = printer.lock().unwrap_or_else(|e| e.into_inner());
            printer.know(&places);
            let channel = printer.channel_name(place);
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            let mut replies = replies;
            loop {
                for r in &replies {
                    // The terminal may be gone; the move is played and stored all the same.
                    let _ = printer.print(&mut out, &channel, "", r);
                }
                match shared.computer_turn(place) {
                    Some(next) => replies = next,
                    None => break,
                }
            }
        }),
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
        .map_err(|e| {
            let store = at.describe();
            tr!(
                LANG,
                "local-store-unopened",
                store = store,
                error = e.to_string()
            )
        })?
        .with_places(places.clone());
    let service = Arc::new(service);
    if let (Some(listen), Some(links)) = (opts.web, &config_web) {
        let actor = web_actor(&service, &places, &opts.out, opts.images);
        let bound = crate::web::spawn(
            listen,
            service.store().share(),
            crate::web::WebOptions::new(links.clone()).acting(actor),
        )?;
        eprintln!(
            "{}",
            tr!(LANG, "local-web-pages", address = bound.to_string())
        );
    }
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("{}", tr(LANG, "local-intro"));
    }
    unfinished_note(&service, &at);
    let mut printer = Printer::new(&opts.out, opts.images);
    // Not locked for the whole run: the web pages' actions print here too, between
    // lines (`web_actor`).
    let mut out = std::io::stdout();
    run(&service, &places, &mut stdin.lock(), &mut out, &mut printer).map_err(|e| e.to_string())?;
    service.flush().map_err(|e| e.to_string())
}

/// The most unfinished games the note at start counts ("more than" beyond).
const NOTE_MOST: usize = 100;

/// A newcomer re-running an example in the same folder finds the old game there: a
/// note naming the store and its unfinished games, counted from the active index no
/// further than the note says, so the start stays short with any number of games.
fn unfinished_note(service: &Service, at: &crate::store::StoreUrl) {
    let unfinished = service.store().active_upto(NOTE_MOST + 1).unwrap_or(0);
    if unfinished == 0 {
        return;
    }
    let store = at.describe();
    let note = match unfinished {
        n if n > NOTE_MOST => tr!(
            LANG,
            "local-unfinished-many",
            store = store,
            count = NOTE_MOST
        ),
        n => tr!(LANG, "local-unfinished", store = store, count = n),
    };
    eprintln!("{note}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::api::User;

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
