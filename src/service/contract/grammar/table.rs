//! The table of the commands and their options: names, descriptions, choices and
//! ranges, from which everything else of the grammar is derived.

use super::*;

const TOURNAMENT_ACTIONS: &[&str] = &[
    "create",
    "join",
    "leave",
    "start",
    "standings",
    "pairings",
    "withdraw",
    "cancel",
    "export",
];

const COLORS: &[&str] = &["white", "black", "random"];

const ON_OFF: &[&str] = &["on", "off"];

const DRAW_ACTIONS: &[&str] = &["offer", "accept", "decline", "claim"];

const PLAYER: OptionSpec = OptionSpec {
    positional: true,
    aliases: &["user"],
    ..opt("player", Kind::User)
};

/// Which challenge an answer means, when several wait in a channel.
const CHALLENGER: OptionSpec = OptionSpec {
    positional: true,
    ..opt("player", Kind::User)
};

/// THE table of commands: everything a front end offers is derived from it.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        options: &[
            OptionSpec {
                positional: true,
                ..opt("opponent", Kind::User)
            },
            OptionSpec {
                positional: true,
                ..opt("variant", Kind::Variant)
            },
            OptionSpec {
                positional: true,
                aliases: &["colour"],
                ..opt("color", Kind::Choice(COLORS))
            },
            DAYS,
            BANK,
            opt("options", Kind::Pairs { max: MAX_TEXT }),
            opt(
                "level",
                Kind::Integer {
                    min: *crate::engine::LEVELS.start() as i64,
                    max: *crate::engine::LEVELS.end() as i64,
                    named: &[],
                },
            ),
            opt("rated", Kind::Bool),
        ],
        ..cmd("challenge", false)
    },
    CommandSpec {
        options: &[CHALLENGER],
        ..cmd("accept", false)
    },
    CommandSpec {
        options: &[CHALLENGER],
        ..cmd("decline", false)
    },
    CommandSpec {
        options: &[OptionSpec { ..CHALLENGER }],
        ..cmd("cancel", false)
    },
    CommandSpec {
        options: &[OptionSpec {
            required: true,
            positional: true,
            aliases: &["move"],
            ..opt("text", Kind::Answer { max: MAX_TEXT })
        }],
        aliases: &["m"],
        ..cmd("move", false)
    },
    cmd("board", true),
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt(
                "text",
                Kind::Text {
                    max: crate::service::contract::actions::MAX_NOTES,
                },
            )
        }],
        ..cmd("note", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt(
                "line",
                Kind::Text {
                    max: crate::service::contract::actions::MAX_LINE_TEXT,
                },
            )
        }],
        ..cmd("conditional", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("action", Kind::Choice(&["ask", "accept", "decline"]))
        }],
        ..cmd("takeback", false)
    },
    cmd("history", true),
    cmd("export", true),
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt(
                "game",
                Kind::Integer {
                    min: 1,
                    max: i64::MAX,
                    named: &[],
                },
            )
        }],
        ..cmd("review", true)
    },
    CommandSpec {
        options: &[
            OptionSpec {
                positional: true,
                ..opt("game", Kind::Variant)
            },
            opt(
                "answer",
                Kind::Text {
                    max: crate::service::contract::actions::MAX_PUZZLE_ANSWER,
                },
            ),
            opt(
                "theme",
                Kind::Text {
                    max: crate::service::contract::actions::MAX_PUZZLE_WORD,
                },
            ),
            opt(
                "id",
                Kind::Text {
                    max: crate::service::contract::actions::MAX_PUZZLE_WORD,
                },
            ),
            // `/puzzle mine`: the invoker's own mistakes, found by `/review`.
            OptionSpec {
                positional: true,
                ..opt("list", Kind::Choice(&["mine"]))
            },
        ],
        ..cmd("puzzle", true)
    },
    cmd("resign", false),
    CommandSpec {
        options: &[OptionSpec {
            required: true,
            positional: true,
            ..opt("action", Kind::Choice(DRAW_ACTIONS))
        }],
        ..cmd("draw", false)
    },
    cmd("abort", false),
    cmd("claim", false),
    cmd("hand", true),
    cmd("rematch", false),
    CommandSpec {
        options: &[
            PLAYER,
            OptionSpec {
                positional: true,
                ..opt("list", Kind::Choice(&["mine"]))
            },
        ],
        ..cmd("games", true)
    },
    CommandSpec {
        options: &[OptionSpec { ..PLAYER }],
        ..cmd("profile", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("variant", Kind::Variant)
        }],
        ..cmd("leaderboard", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            required: true,
            positional: true,
            ..opt("dm", Kind::Choice(ON_OFF))
        }],
        ..cmd("reminders", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("state", Kind::Choice(ON_OFF))
        }],
        ..cmd("vacation", true)
    },
    CommandSpec {
        options: &[
            opt("confirm", Kind::Choice(ON_OFF)),
            opt("digest", Kind::Choice(&["daily", "off"])),
            opt("reminders", Kind::Choice(ON_OFF)),
            opt("web", Kind::Choice(ON_OFF)),
            opt("boards", Kind::Choice(&["mover", "white"])),
            opt("language", Kind::Choice(&crate::i18n::SETTING_CHOICES)),
            opt("puzzle-channel", Kind::Channel),
            opt("puzzle-daily", Kind::Choice(ON_OFF)),
            opt(
                "puzzle-hour",
                Kind::Integer {
                    min: 0,
                    max: 23,
                    named: &[],
                },
            ),
        ],
        ..cmd("settings", true)
    },
    CommandSpec {
        options: &[
            OptionSpec {
                required: true,
                positional: true,
                ..opt("action", Kind::Choice(TOURNAMENT_ACTIONS))
            },
            opt("name", Kind::Text { max: 80 }),
            opt("variant", Kind::Variant),
            opt("options", Kind::Pairs { max: MAX_TEXT }),
            opt("format", Kind::Choice(&["round-robin", "swiss"])),
            opt(
                "cycles",
                Kind::Integer {
                    min: 1,
                    max: 2,
                    named: &[],
                },
            ),
            opt(
                "rounds",
                Kind::Integer {
                    min: 1,
                    max: 30,
                    named: &[],
                },
            ),
            DAYS,
            BANK,
            opt("rated", Kind::Bool),
            opt("vacation", Kind::Bool),
            opt(
                "limit",
                Kind::Integer {
                    min: 2,
                    max: 1000,
                    named: &[],
                },
            ),
            opt(
                "start",
                Kind::Integer {
                    min: 1,
                    max: 24 * 60,
                    named: &[],
                },
            ),
            opt("player", Kind::User),
            opt("confirm", Kind::Bool),
            opt(
                "event",
                Kind::Integer {
                    min: 1,
                    max: 9_007_199_254_740_991,
                    named: &[],
                },
            ),
        ],
        ..cmd("tournament", false)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("variant", Kind::Variant)
        }],
        ..cmd("rules", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("variant", Kind::Variant)
        }],
        ..cmd("legend", true)
    },
    cmd("help", true),
    cmd("web", true),
];

/// `days:` of a challenge or tournament: days per move, 0 (or `none`) for no limit.
const DAYS: OptionSpec = opt(
    "days",
    Kind::Integer {
        min: 0,
        max: MAX_DAYS as i64,
        named: &[("none", 0), ("off", 0), ("unlimited", 0)],
    },
);

/// `bank:` of a challenge or tournament: days of time bank beyond the days per move.
const BANK: OptionSpec = opt(
    "bank",
    Kind::Integer {
        min: 0,
        max: crate::service::MAX_BANK_DAYS as i64,
        named: &[("none", 0), ("off", 0)],
    },
);
