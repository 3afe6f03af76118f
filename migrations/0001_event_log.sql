-- The event log: every change at every table of this terminal, one SHA-256 chain.
-- Rows are appended and never changed or removed (the triggers below refuse it).
CREATE TABLE events (
  id          INTEGER PRIMARY KEY,          -- position in the chain: 1, 2, 3 ...
  table_id    TEXT    NOT NULL,
  hand_id     TEXT,                         -- NULL for table-level events (buy-in, dealer on ...)
  hand_seq    INTEGER,                      -- 0, 1, 2 ... within the hand; NULL without hand_id
  type        TEXT    NOT NULL,             -- the event's `type`, e.g. 'card-dealt'
  recorded_at TEXT    NOT NULL,             -- ISO 8601 UTC with milliseconds
  body        TEXT    NOT NULL,             -- the event as canonical JSON (sorted keys)
  prev_hash   TEXT    NOT NULL,             -- the previous row's hash (64 lower-case hex digits; 64 zeros for row 1)
  hash        TEXT    NOT NULL,             -- SHA-256 of prev_hash and this row's content, hex
  CHECK (length(prev_hash) = 64 AND length(hash) = 64),
  CHECK ((hand_id IS NULL) = (hand_seq IS NULL))
);

CREATE UNIQUE INDEX events_by_hand ON events (hand_id, hand_seq) WHERE hand_id IS NOT NULL;
CREATE INDEX events_by_table ON events (table_id, id);

CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
BEGIN
  SELECT RAISE(ABORT, 'the event log is append-only: event rows cannot be changed (record a floor correction instead)');
END;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
BEGIN
  SELECT RAISE(ABORT, 'the event log is append-only: event rows cannot be deleted');
END;

-- The last row appended, kept beside the chain so that rows cut off the end are noticed.
CREATE TABLE log_head (
  one       INTEGER PRIMARY KEY CHECK (one = 1),
  last_id   INTEGER NOT NULL,
  last_hash TEXT    NOT NULL CHECK (length(last_hash) = 64)
);
