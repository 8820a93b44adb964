//! The compose deployment run for real (issue 52), driven by `.ci/docker-check`, which
//! starts a Docker engine, makes the base images and builds the bot's image first; this
//! test does nothing unless `ARCANA_DOCKER_CHECK` names the compose command to use
//! (`docker compose` or `docker-compose`). Against a fake Discord on the host's
//! loopback, with `compose.yaml` and `tests/docker/compose.check.yaml`: PostgreSQL
//! healthy and the bot connected, a challenge accepted, a move and its board posted,
//! `/healthz` green and the bot's health check with it, the bot container's process
//! SIGKILLed and restarted by its restart policy with the game intact, `compose down`
//! keeping the database's volume, `compose up` again and the game goes on.
#![allow(clippy::unwrap_used)]

use crate::support;
use support::bot::free_port;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::bot::{accepted_in_thread, ALICE, BOB, CHANNEL};
use support::fake_discord::{FakeDiscord, Recorded, GUILD_ID};

/// How long a container may take to come up (the database's first start makes its
/// cluster; the bot waits for the database's health check, every 5 s).
const UP: Duration = Duration::from_secs(120);

/// The compose command and the project, with the two compose files and the variables
/// that the override file reads.
struct Compose {
    command: Vec<String>,
    project: String,
    env: Vec<(String, String)>,
}

impl Compose {
    fn run(&self, args: &[&str]) -> String {
        let started = Instant::now();
        let (program, first) = self.command.split_first().unwrap();
        let out = Command::new(program)
            .args(first)
            .args(["-p", &self.project])
            .args([
                "-f",
                "compose.yaml",
                "-f",
                "tests/docker/compose.check.yaml",
            ])
            .args(args)
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "compose {args:?} failed: {}{}",
            text,
            String::from_utf8_lossy(&out.stderr)
        );
        println!(
            "docker: compose {} ({:.1} s)",
            args.join(" "),
            started.elapsed().as_secs_f64()
        );
        text
    }

    /// The id of the service's container.
    fn container(&self, service: &str) -> String {
        let id = self.run(&["ps", "-q", service]).trim().to_string();
        assert!(!id.is_empty(), "no container for {service}");
        id
    }
}

fn docker(args: &[&str]) -> String {
    let out = Command::new("docker")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "docker {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Waits until `docker inspect -f format container` says `want`.
async fn wait_inspect(container: &str, format: &str, want: &str, within: Duration) {
    let deadline = Instant::now() + within;
    loop {
        let have = docker(&["inspect", "-f", format, container]);
        if have == want {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{container}: {format} is {have}, not {want}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Waits until the bot has identified on the fake gateway `n` times in all.
async fn wait_identified(fake: &FakeDiscord, n: u64) {
    let deadline = Instant::now() + UP;
    while fake.identifies() < n {
        assert!(
            Instant::now() < deadline,
            "the bot did not connect to the fake Discord"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// What `/healthz` on the host's port 9100 answers: the status and the text.
async fn healthz() -> (u16, String) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    match client.get("http://127.0.0.1:9100/healthz").send().await {
        Ok(r) => (r.status().as_u16(), r.text().await.unwrap_or_default()),
        Err(e) => (0, e.to_string()),
    }
}

async fn wait_healthz() -> String {
    let deadline = Instant::now() + UP;
    loop {
        let (status, text) = healthz().await;
        if status == 200 {
            return text;
        }
        assert!(Instant::now() < deadline, "/healthz: {status} {text}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

fn is_board(r: &Recorded, thread: u64, played: &str) -> bool {
    r.method == "POST"
        && r.path.ends_with(&format!("/channels/{thread}/messages"))
        && !r.files.is_empty()
        && r.content().contains(played)
}

/// `who` types `mv` in the game's thread; returns once its board is posted.
async fn play(
    fake: &FakeDiscord,
    thread: u64,
    who: &support::fake_discord::FakeUser,
    mv: &str,
    played: &str,
) {
    let started = Instant::now();
    let mark = fake.mark();
    fake.chat(who, thread, mv);
    fake.wait_for(mark, played, |r| is_board(r, thread, played))
        .await;
    println!(
        "docker: {mv} answered with its board ({} ms)",
        started.elapsed().as_millis()
    );
}

/// The certificate path in the fake's `api_lines`.
fn certificate(api_lines: &str) -> String {
    api_lines
        .lines()
        .find_map(|l| l.strip_prefix("api_certificate = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_compose_deployment_plays_survives_a_kill_and_a_down() {
    let Ok(command) = std::env::var("ARCANA_DOCKER_CHECK") else {
        println!("docker: ARCANA_DOCKER_CHECK unset, nothing to do (.ci/docker-check sets it)");
        return;
    };
    let project = std::env::var("ARCANA_DOCKER_PROJECT").unwrap_or("arcana-check".into());
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("compose.toml");
    let api = fake.api_lines();
    std::fs::write(
        &config,
        format!(
            "server_id = {GUILD_ID}\ndata_dir = \"/data\"\n{api}\n[ops]\nlisten = \"127.0.0.1:9100\"\n"
        ),
    )
    .unwrap();
    let compose = Compose {
        command: command.split_whitespace().map(String::from).collect(),
        project: project.clone(),
        env: vec![
            ("DISCORD_TOKEN".into(), "fake-token".into()),
            ("ARCANA_CHECK_PG_PORT".into(), free_port().to_string()),
            ("ARCANA_CHECK_CONFIG".into(), config.display().to_string()),
            ("ARCANA_CHECK_CERT".into(), certificate(&api)),
        ],
    };
    assert!(Path::new(&certificate(&api)).exists());

    // Up: the database healthy first, then the bot, connected.
    let started = Instant::now();
    compose.run(&["up", "-d", "--no-build"]);
    let db = compose.container("db");
    wait_inspect(&db, "{{.State.Health.Status}}", "healthy", UP).await;
    println!(
        "docker: PostgreSQL healthy ({:.1} s after up)",
        started.elapsed().as_secs_f64()
    );
    wait_identified(&fake, 1).await;
    println!(
        "docker: the bot connected to the fake Discord ({:.1} s after up)",
        started.elapsed().as_secs_f64()
    );
    let bot = compose.container("bot");

    // A challenge, its acceptance, a move and its board.
    let thread = accepted_in_thread(&fake, CHANNEL).await;
    println!("docker: challenge accepted, the game's thread {thread}");
    play(&fake, thread, &ALICE, "e4", "e2-e4").await;

    // /healthz from the host, and the image's own health check (every 30 s).
    let text = wait_healthz().await;
    println!("docker: /healthz 200: {text}");
    wait_inspect(
        &bot,
        "{{.State.Health.Status}}",
        "healthy",
        Duration::from_secs(100),
    )
    .await;
    println!(
        "docker: the bot's health check says healthy ({:.1} s after up)",
        started.elapsed().as_secs_f64()
    );

    // SIGKILL: the restart policy brings it back, the game intact.
    let identified = fake.identifies();
    let killed = Instant::now();
    // The container's process is killed from the host, as a crash or the kernel's OOM
    // killer would: `docker kill -s KILL` counts as a stop by hand, after which
    // `unless-stopped` does not restart (seen with Debian's engine, 20.10).
    let pid = docker(&["inspect", "-f", "{{.State.Pid}}", &bot]);
    let status = Command::new("kill").args(["-KILL", &pid]).status().unwrap();
    assert!(status.success(), "kill -KILL {pid}");
    wait_identified(&fake, identified + 1).await;
    let restarts = docker(&["inspect", "-f", "{{.RestartCount}}", &bot]);
    assert_eq!(restarts, "1", "the bot restarted by its policy once");
    println!(
        "docker: SIGKILLed, restarted by its policy, connected again in {:.1} s",
        killed.elapsed().as_secs_f64()
    );
    play(&fake, thread, &BOB, "e5", "e7-e5").await;

    // Down without -v: the containers go, the database's volume stays. (The bot's
    // anonymous `/data` volume stays too, unused by a new container: removed here.)
    let data = docker(&[
        "inspect",
        "-f",
        "{{range .Mounts}}{{if eq .Destination \"/data\"}}{{.Name}}{{end}}{{end}}",
        &bot,
    ]);
    compose.run(&["down"]);
    if !data.is_empty() {
        docker(&["volume", "rm", &data]);
    }
    let volume = format!("{project}_pgdata");
    let kept = docker(&["volume", "inspect", "-f", "{{.Name}}", &volume]);
    assert_eq!(kept, volume);
    println!("docker: down, the volume {volume} kept");

    // Up again: the same game goes on.
    let identified = fake.identifies();
    let again = Instant::now();
    compose.run(&["up", "-d", "--no-build"]);
    wait_identified(&fake, identified + 1).await;
    println!(
        "docker: up again, connected in {:.1} s",
        again.elapsed().as_secs_f64()
    );
    play(&fake, thread, &ALICE, "Nf3", "Ng1-f3").await;
    let text = wait_healthz().await;
    println!("docker: /healthz 200: {text}");
    // Down with the volumes: the next run starts from nothing.
    compose.run(&["down", "-v"]);
}
