//! A headless Chromium driven over WebDriver (chromedriver, through fantoccini), for the
//! web pages' browser tests.
#![allow(dead_code)]

use fantoccini::{Client, ClientBuilder, Locator};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// chromedriver, or a failure saying what to install.
pub fn chromedriver() -> PathBuf {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join("chromedriver"))
            .find(|p| p.is_file())
    });
    found.unwrap_or_else(|| {
        panic!(
            "the browser test needs Chromium and its WebDriver: \
             `apt-get install -y chromium chromium-driver` (.ci/run installs them)"
        )
    })
}

/// chromedriver, started as the leader of a process group of its own: the browsers it
/// starts are in that group, and dropping the driver ends the whole group (killing
/// chromedriver alone left its headless browsers running after every test).
pub struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub async fn browser() -> (Client, Driver) {
    browser_sized(1100, 1250, false).await
}

/// A browser whose window is `width` by `height` CSS pixels; a `phone` one emulates a
/// touch screen at three device pixels per CSS pixel, as a phone's browser does.
pub async fn browser_sized(width: u32, height: u32, phone: bool) -> (Client, Driver) {
    let mut options = serde_json::json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-dev-shm-usage", format!("--window-size={width},{height}"),
                 "--hide-scrollbars"],
    });
    if phone {
        options["mobileEmulation"] = serde_json::json!({
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": 3.0,
                               "touch": true, "mobile": true },
        });
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(chromedriver())
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("start chromedriver");
    let driver = Driver(child);
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".to_string(), options);
    let url = format!("http://127.0.0.1:{port}");
    let mut last = None;
    for _ in 0..100 {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(client) => return (client, driver),
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "chromedriver did not start a browser ({last:?}): is Chromium installed? \
         `apt-get install -y chromium chromium-driver` (.ci/run installs them)"
    );
}

/// Waits (at most ten seconds) until `script` returns true in the page.
pub async fn until(client: &Client, what: &str, script: &str) {
    until_within(client, what, script, Duration::from_secs(10)).await;
}

/// Waits (at most `bound`) until `script` returns true in the page: the longer bound of
/// a test that steps through a whole game on a busy machine.
pub async fn until_within(client: &Client, what: &str, script: &str, bound: Duration) {
    let deadline = tokio::time::Instant::now() + bound;
    while tokio::time::Instant::now() < deadline {
        if client.execute(script, vec![]).await.ok() == Some(serde_json::Value::Bool(true)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let shown = client.source().await.unwrap_or_default();
    panic!("{what}: not so after {bound:?}; the page is:\n{shown}");
}

pub fn screenshots() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    let dir = target.join("web-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    dir
}

/// Taps `cell` on a private page's board once the page offers it.
pub async fn click_cell(client: &Client, cell: &str) {
    let script = format!("return !!document.querySelector('.cell.offered[data-cell=\"{cell}\"]');");
    until(client, &format!("{cell} offered"), &script).await;
    client
        .find(Locator::Css(&format!(".cell[data-cell=\"{cell}\"]")))
        .await
        .expect("the cell")
        .click()
        .await
        .expect("click");
}

/// Presses the page's Confirm once it is offered.
pub async fn confirm(client: &Client) {
    until_within(
        client,
        "Confirm offered",
        "return !document.querySelector('#play button.confirm').hidden;",
        super::fake_discord::WAIT,
    )
    .await;
    client
        .find(Locator::Css("#play button.confirm"))
        .await
        .expect("Confirm")
        .click()
        .await
        .expect("click Confirm");
}
