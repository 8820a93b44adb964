-- The outbox gets a table of its own, so that one process at a time delivers an
-- entry. A row is claimed (claimed_by: a process's id; claimed_until: the end of its
-- lease) by the process that wrote it, which delivers it at once; a process that
-- resumes the outbox at its start takes, with FOR UPDATE SKIP LOCKED, only rows
-- unclaimed or whose lease ran out. A process that stops releases its claims.
-- Entries the first schemas kept in kv (keys 'o/' + 8-byte id) move here, unclaimed.
CREATE TABLE outbox (
    id            bigint      PRIMARY KEY,
    entry         bytea       NOT NULL,
    claimed_by    text,
    claimed_until timestamptz
);

INSERT INTO outbox (id, entry)
SELECT ('x' || encode(substring(key FROM 3), 'hex'))::bit(64)::bigint, value
FROM kv
WHERE substring(key FROM 1 FOR 2) = '\x6f2f'::bytea AND length(key) = 10;

DELETE FROM kv WHERE substring(key FROM 1 FOR 2) = '\x6f2f'::bytea AND length(key) = 10;
