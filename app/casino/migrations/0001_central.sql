-- The central copy of every table database's event log, and what the central server found
-- wrong as the rows arrived. Rows are only ever added: nothing here is updated or deleted
-- (the triggers at the end), so a table's history, once received, cannot be overwritten.

-- The schema version and this server's identity (a table's forward cursor names the server
-- that confirmed it, so a cursor from another server is not taken for this one's).
CREATE TABLE central_schema (
  one         boolean     PRIMARY KEY DEFAULT true CHECK (one),
  version     integer     NOT NULL CHECK (version >= 1),
  central_id  text        NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per table database (its terminal identity): the end of the chain as the central
-- server holds it, and the table's own end of the log as it last reported it.
CREATE TABLE terminals (
  terminal_id    text        PRIMARY KEY CHECK (terminal_id ~ '^[0-9a-f]{32}$'),
  first_seen_at  timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  last_id        bigint      NOT NULL DEFAULT 0 CHECK (last_id >= 0),
  last_hash      text        NOT NULL DEFAULT repeat('0', 64),
  head_id        bigint,
  head_hash      text
);

-- Every event row of every table database, exactly as the table stores it (the columns of its
-- `events` table), keyed by (terminal identity, event id): a row sent twice is stored once.
CREATE TABLE events (
  terminal_id  text        NOT NULL REFERENCES terminals (terminal_id),
  id           bigint      NOT NULL CHECK (id >= 1),
  table_id     text        NOT NULL,
  hand_id      text,
  hand_seq     bigint,
  type         text        NOT NULL,
  recorded_at  text        NOT NULL,
  body         text        NOT NULL,
  prev_hash    text        NOT NULL,
  hash         text        NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (terminal_id, id)
);
CREATE INDEX events_by_table ON events (table_id, terminal_id, id);

-- What the central server found as rows arrived: a gap (rows missing before a row), a fork (the
-- table's history changed: a different row for an id it holds, or a row that does not follow
-- the one it holds), a table that went backwards (its log now ends before rows the server
-- holds), a chain broken inside what the table sent, or the server behind what it had
-- confirmed (it lost rows: restored from a backup). One row per (table, kind, first row).
CREATE TABLE alerts (
  id           bigserial   PRIMARY KEY,
  terminal_id  text        NOT NULL REFERENCES terminals (terminal_id),
  kind         text        NOT NULL CHECK (kind IN ('gap', 'fork', 'went-backwards', 'chain-broken', 'central-behind')),
  first_id     bigint      NOT NULL,
  last_id      bigint      NOT NULL CHECK (last_id >= first_id),
  message      text        NOT NULL,
  detail       jsonb       NOT NULL DEFAULT '{}'::jsonb,
  raised_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (terminal_id, kind, first_id)
);
CREATE INDEX alerts_by_terminal ON alerts (terminal_id, id);

CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the central % are append-only: rows cannot be changed or deleted', TG_TABLE_NAME;
END
$$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER alerts_append_only BEFORE UPDATE OR DELETE ON alerts FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER alerts_no_truncate BEFORE TRUNCATE ON alerts FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
