//! The bot processes: `arcana run` (the release binary), one shard each, their web
//! pages served, their logs in files; killed, stopped and started again.

use crate::support;
use crate::support::fake_discord::{FakeDiscord, GUILD_ID};
use crate::world::WEB_KEY;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// How long a started process may take to identify on the gateway.
const START: Duration = Duration::from_secs(180);

/// One bot process.
pub struct Proc {
    child: Child,
}

/// Where a process runs: its shard of how many, its web port, its run number.
#[derive(Clone)]
pub struct Place {
    pub fake: FakeDiscord,
    pub dir: PathBuf,
    pub store: String,
    pub slot: usize,
    pub procs: usize,
    pub port: u16,
}

impl Place {
    fn config(&self) -> String {
        let (slot, procs, port) = (self.slot, self.procs, self.port);
        let data = self.dir.join(format!("data{slot}"));
        format!(
            "token = \"fake-token-{slot}\"\nserver_id = {GUILD_ID}\ndata_dir = \"{}\"\n\
             store = \"{}\"\nshards = \"{slot}-{slot}/{procs}\"\n{}\n[web]\n\
             listen = \"127.0.0.1:{port}\"\npublic_url = \"http://127.0.0.1:{port}\"\n\
             key = \"{WEB_KEY}\"\ntrusted_proxies = [\"127.0.0.1\"]\n",
            data.display(),
            self.store,
            self.fake.api_lines()
        )
    }
}

impl Proc {
    /// Starts the process and returns once it has identified on the gateway.
    pub async fn start(at: &Place, run: u32) -> Proc {
        let data = at.dir.join(format!("data{}", at.slot));
        let log = at.dir.join(format!("shard{}-run{run}.log", at.slot));
        let file = std::fs::File::create(&log).expect("the bot's log file");
        let identified = at.fake.identifies();
        let child = support::bot::command_with(&data, &at.config())
            .stdout(Stdio::null())
            .stderr(file)
            .spawn()
            .expect("start arcana run");
        let deadline = Instant::now() + START;
        while at.fake.identifies() <= identified {
            if Instant::now() >= deadline {
                let said = std::fs::read_to_string(&log).unwrap_or_default();
                panic!("shard {} did not identify; its log:\n{said}", at.slot);
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Proc { child }
    }

    fn status_field(&self, name: &str) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    }

    /// VmRSS in MiB, from `/proc`.
    pub fn rss(&self) -> f64 {
        self.status_field("VmRSS:")
    }

    /// VmHWM (the resident set's peak) in MiB.
    pub fn hwm(&self) -> f64 {
        self.status_field("VmHWM:")
    }

    /// CPU seconds used so far (user + system), from `/proc`.
    pub fn cpu(&self) -> f64 {
        crate::pg::stat_ticks(self.child.id()).map_or(0.0, |t| t.own as f64 / 100.0)
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, as a deployment stops a process; SIGKILL after 30 s.
    pub fn stop(&mut self) {
        let pid = self.child.id().to_string();
        let _ = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status();
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        self.kill();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The WARN and ERROR lines of every log in `dir`, per log file.
pub fn complaints(dir: &Path) -> Vec<(String, Vec<String>)> {
    let mut logs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    logs.retain(|p| p.extension().is_some_and(|e| e == "log"));
    logs.sort();
    logs.iter()
        .map(|p| {
            let lines = std::fs::read_to_string(p)
                .unwrap_or_default()
                .lines()
                .filter(|l| {
                    (l.contains("WARN") || l.contains("ERROR")) && !l.contains("API redirected")
                })
                .map(str::to_string)
                .collect();
            let name = p
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into());
            (name, lines)
        })
        .collect()
}
