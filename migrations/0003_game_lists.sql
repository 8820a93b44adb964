-- Record format 3: a game's actions and printed history entries are stored apart from
-- its record, one row each, so that a move appends a row instead of rewriting the
-- whole record. The record (the head) counts how many of each belong to it; the
-- games row keeps the same counts for the queries. Records of older formats hold
-- their lists themselves and count 0 here until they are next written.
ALTER TABLE games ADD COLUMN action_count bigint NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN history_count bigint NOT NULL DEFAULT 0;

CREATE TABLE game_actions (
    game   bigint NOT NULL,
    seq    bigint NOT NULL,
    action bytea  NOT NULL,
    PRIMARY KEY (game, seq)
);

CREATE TABLE game_history (
    game  bigint NOT NULL,
    seq   bigint NOT NULL,
    entry bytea  NOT NULL,
    PRIMARY KEY (game, seq)
);
