//! `[harvest]` of the bot's configuration: the background job that makes puzzles of the
//! finished games (docs/puzzles.md, "Puzzles from a server's games").

use super::{check, ConfigError};
use serde::Deserialize;

/// `[harvest]`: the background job making puzzles of the finished games.
#[derive(Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct RawHarvest {
    on: bool,
    cpu_percent: u32,
    seconds_per_game: u64,
}

impl Default for RawHarvest {
    fn default() -> RawHarvest {
        RawHarvest {
            on: true,
            cpu_percent: 25,
            seconds_per_game: 120,
        }
    }
}

impl RawHarvest {
    pub(super) fn validate(&self) -> Result<Harvest, ConfigError> {
        let (percent, seconds) = (self.cpu_percent, self.seconds_per_game);
        check((1..=100).contains(&percent), || {
            format!("`harvest.cpu_percent` must be 1 to 100 (of one core), not {percent}")
        })?;
        check((1..=3600).contains(&seconds), || {
            format!("`harvest.seconds_per_game` must be 1 to 3600, not {seconds}")
        })?;
        Ok(Harvest {
            on: self.on,
            cpu_percent: percent,
            seconds_per_game: seconds,
        })
    }
}

/// The puzzle harvest's settings (`[harvest]`): whether it runs, the share of one core
/// it may use, and the most working time one game may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Harvest {
    pub on: bool,
    pub cpu_percent: u32,
    pub seconds_per_game: u64,
}

impl Harvest {
    /// As the service's job takes them.
    pub fn job(&self) -> crate::service::harvest::HarvestConfig {
        crate::service::harvest::HarvestConfig {
            on: self.on,
            cpu_share: f64::from(self.cpu_percent) / 100.0,
            per_game: std::time::Duration::from_secs(self.seconds_per_game),
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Config, ConfigError};

    #[test]
    fn the_harvest_is_on_by_default_and_its_numbers_are_checked() {
        let c = Config::parse("token = \"a\"", None).expect("valid");
        assert!(c.harvest.on);
        assert_eq!(c.harvest.job().cpu_share, 0.25);
        let off = "token = \"a\"\n[harvest]\non = false\ncpu_percent = 10\n";
        let c = Config::parse(off, None).expect("valid");
        assert!(!c.harvest.on && !c.harvest.job().on);
        assert_eq!(c.harvest.job().cpu_share, 0.1);
        let bad = Config::parse("token = \"a\"\n[harvest]\ncpu_percent = 0\n", None);
        assert!(
            matches!(&bad, Err(ConfigError::Invalid(m)) if m.contains("harvest.cpu_percent")),
            "{bad:?}"
        );
    }
}
