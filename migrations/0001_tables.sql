-- The first PostgreSQL schema of the game store. Every id is a bigint holding the
-- store's unsigned 64-bit id bit for bit (ids above 2^63 read as negative numbers).
-- Payloads are the JSON bytes the sled engine keeps, unchanged, so a record moves
-- between engines byte for byte and old record formats upgrade on load as on sled.

-- Game records: one row per game, with the row version every checked write compares
-- and bumps in the same transaction (two processes never both apply a move).
CREATE TABLE games (
    id       bigint  PRIMARY KEY,
    channel  bigint  NOT NULL,
    finished boolean NOT NULL,
    version  bigint  NOT NULL,
    record   bytea   NOT NULL
);
CREATE INDEX games_channel ON games (channel);

-- Per channel: the active game (NULL when none) and the most recent game.
CREATE TABLE channels (
    channel bigint PRIMARY KEY,
    active  bigint,
    last    bigint
);

-- Pending challenges, one per channel.
CREATE TABLE challenges (
    channel   bigint PRIMARY KEY,
    challenge bytea  NOT NULL
);

-- Ratings: the key is the store's rating key (ladder, variant, user).
CREATE TABLE ratings (
    key      bytea PRIMARY KEY,
    standing bytea NOT NULL
);

-- Idempotency keys with their stored replies; they expire by the at_ms index.
CREATE TABLE idempotency_keys (
    key     text   PRIMARY KEY,
    at_ms   bigint NOT NULL,
    replies bytea  NOT NULL
);
CREATE INDEX idempotency_keys_at_ms ON idempotency_keys (at_ms);

-- Everything else the store keeps (the ratings' ladder scope, keys added later).
CREATE TABLE kv (
    key   bytea PRIMARY KEY,
    value bytea NOT NULL
);

-- Game ids; the first is 1 (0 never names a game).
CREATE SEQUENCE game_ids START 1;
