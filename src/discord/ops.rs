//! What an operator watches: `/healthz` and `/metrics` (Prometheus text format) on the
//! address of `[ops] listen`, off by default.
//!
//! Metrics go through the `metrics` facade and are rendered by
//! `metrics-exporter-prometheus` (no HTTP listener of its own: axum serves both paths).
//! Gauges that describe the present (gateway state per shard, the computer's queue,
//! the replies this process is delivering) are read at each scrape.

use super::Bot;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use serenity::all::ShardManager;
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

/// Counted once per move played (typed in chat, `/move`, or the computer's).
pub const MOVES: &str = "arcana_moves_total";
/// Seconds a service call took (mostly the store), by call.
pub const SERVICE_CALL: &str = "arcana_service_call_seconds";
/// Outbox entries reported delivered by this process.
pub const DELIVERED: &str = "arcana_outbox_delivered_total";

/// The process's recorder, installed once (a second `serve_with` in one test process
/// shares it).
fn recorder() -> Option<PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE
        .get_or_init(|| match PrometheusBuilder::new().install_recorder() {
            Ok(h) => Some(h),
            Err(e) => {
                tracing::warn!("metrics are off: {e}");
                None
            }
        })
        .clone()
}

/// Installs the recorder before anything is counted (start-up, when ops are on).
pub fn install() {
    let _ = recorder();
}

/// Every shard of this process and its gateway stage (`Connected`, `Resuming`...).
async fn shard_stages(shards: &ShardManager) -> Vec<(u32, String)> {
    let runners = shards.runners.lock().await;
    let mut v: Vec<(u32, String)> = runners
        .iter()
        .map(|(id, info)| (id.0, format!("{:?}", info.stage)))
        .collect();
    v.sort();
    v
}

/// The present-tense gauges, set just before a scrape renders them.
async fn observe(bot: &Bot, shards: &ShardManager) {
    for (id, stage) in shard_stages(shards).await {
        let connected = if stage == "Connected" { 1.0 } else { 0.0 };
        metrics::gauge!("arcana_gateway_shard_connected", "shard" => id.to_string()).set(connected);
    }
    let queue = bot.busy.lock().map_or(0, |b| b.len());
    metrics::gauge!("arcana_engine_queue").set(queue as f64);
    let (waiting, oldest) = bot.undelivered.in_flight();
    metrics::gauge!("arcana_outbox_in_flight").set(waiting as f64);
    metrics::gauge!("arcana_outbox_oldest_seconds").set(oldest.as_secs_f64());
}

/// `/healthz`: 200 when every shard of this process is connected and the service
/// answers a call; 503 with what is wrong otherwise.
async fn health(bot: &Bot, shards: &ShardManager) -> (u16, String) {
    let stages = shard_stages(shards).await;
    let mut wrong: Vec<String> = stages
        .iter()
        .filter(|(_, s)| s != "Connected")
        .map(|(id, s)| format!("shard {id}: {s}"))
        .collect();
    if stages.is_empty() {
        wrong.push("no shard is running yet".to_string());
    }
    let started = Instant::now();
    let answered = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        bot.service.run("health", |s| s.asks(0, 0)),
    )
    .await;
    if !matches!(answered, Ok(Some(_))) {
        wrong.push("the game service does not answer".to_string());
    }
    if wrong.is_empty() {
        let ms = started.elapsed().as_millis();
        (
            200,
            format!(
                "ok: {} shard(s) connected, service answered in {ms} ms\n",
                stages.len()
            ),
        )
    } else {
        (503, format!("{}\n", wrong.join("; ")))
    }
}

/// Serves `/healthz` and `/metrics` on `listen` until the process stops.
pub async fn serve(listen: SocketAddr, bot: Arc<Bot>, shards: Arc<ShardManager>) {
    use axum::http::{header, StatusCode};
    use axum::response::IntoResponse;
    use axum::routing::get;
    let handle = recorder();
    let health_state = (Arc::clone(&bot), Arc::clone(&shards));
    let metrics_state = (bot, shards);
    let app = axum::Router::new()
        .route(
            "/healthz",
            get(move || {
                let (bot, shards) = health_state.clone();
                async move {
                    let (code, text) = health(&bot, &shards).await;
                    let code =
                        StatusCode::from_u16(code).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
                    (code, text).into_response()
                }
            }),
        )
        .route(
            "/metrics",
            get(move || {
                let (bot, shards) = metrics_state.clone();
                let handle = handle.clone();
                async move {
                    observe(&bot, &shards).await;
                    match handle {
                        Some(h) => (
                            [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
                            h.render(),
                        )
                            .into_response(),
                        None => {
                            (StatusCode::SERVICE_UNAVAILABLE, "metrics are off\n").into_response()
                        }
                    }
                }
            }),
        );
    let listener = match tokio::net::TcpListener::bind(listen).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!("cannot serve /healthz and /metrics on {listen}: {e}");
            return;
        }
    };
    tracing::info!("health and metrics on http://{listen}/healthz and /metrics");
    if let Err(e) = axum::serve(listener, app).await {
        tracing::error!("the health and metrics server stopped: {e}");
    }
}
