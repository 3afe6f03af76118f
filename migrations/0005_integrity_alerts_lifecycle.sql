-- Alerts of kind 'integrity': damage to the terminal's own record found when it opens the log
-- (a broken chain or head, a changed schema, a hand that no longer replays). The table cannot
-- deal while one is raised; only the floor clears it, with a reason.
CREATE TABLE alerts_new (
  id                INTEGER PRIMARY KEY,
  table_id          TEXT    NOT NULL REFERENCES tables (id),
  hand_id           TEXT    REFERENCES hands (id),
  kind              TEXT    NOT NULL CHECK (kind IN ('misdeal', 'irregularity', 'device-fault', 'integrity')),
  code              TEXT    NOT NULL,
  message           TEXT    NOT NULL,
  raised_at         TEXT    NOT NULL,
  raised_event_id   INTEGER NOT NULL REFERENCES events (id),
  acknowledged_by   TEXT,
  acknowledged_at   TEXT,
  ack_note          TEXT,
  ack_event_id      INTEGER REFERENCES events (id),
  CHECK ((acknowledged_by IS NULL) = (acknowledged_at IS NULL))
);
INSERT INTO alerts_new SELECT * FROM alerts;
DROP TABLE alerts;
ALTER TABLE alerts_new RENAME TO alerts;
CREATE INDEX alerts_raised ON alerts (table_id) WHERE acknowledged_at IS NULL;

-- The last start or stop of the terminal at each table, found without reading the table's whole
-- log: whether the run before ended in order or crashed.
CREATE INDEX events_lifecycle ON events (table_id, id) WHERE type IN ('terminal-started', 'terminal-stopped');
