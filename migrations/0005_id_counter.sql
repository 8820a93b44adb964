-- Game and tournament ids come from a counter row instead of the sequence game_ids:
-- players type these numbers, and a sequence may skip up to 32 values after the
-- server crashes (it logs values ahead of those given). The row is updated in its own
-- short transaction, so two processes never get the same id (the row lock orders
-- them). It starts at the last id the sequence gave: every id stays as it is.
CREATE TABLE id_counter (
    one  boolean PRIMARY KEY DEFAULT true CHECK (one),
    last bigint  NOT NULL
);

INSERT INTO id_counter (one, last)
SELECT true, CASE WHEN is_called THEN last_value ELSE 0 END FROM game_ids;

DROP SEQUENCE game_ids;
