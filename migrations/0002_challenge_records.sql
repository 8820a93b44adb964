-- Challenges with their own ids (any number per channel, kept a while once settled)
-- get a table of their own, keyed by id and indexed by channel. Rows written by the
-- first schema into the catch-all kv table (keys 'h/' + 8-byte id) move here.
CREATE TABLE challenge_records (
    id        bigint PRIMARY KEY,
    channel   bigint NOT NULL,
    challenge bytea  NOT NULL
);
CREATE INDEX challenge_records_channel ON challenge_records (channel);

INSERT INTO challenge_records (id, channel, challenge)
SELECT ('x' || encode(substring(key FROM 3), 'hex'))::bit(64)::bigint,
       (CASE WHEN ch > 9223372036854775807 THEN ch - 18446744073709551616 ELSE ch END)::bigint,
       value
FROM (
    SELECT key, value,
           coalesce((convert_from(value, 'UTF8')::jsonb ->> 'channel')::numeric, 0) AS ch
    FROM kv
    WHERE substring(key FROM 1 FOR 2) = '\x682f'::bytea AND length(key) = 10
) AS old;

DELETE FROM kv WHERE substring(key FROM 1 FOR 2) = '\x682f'::bytea AND length(key) = 10;
