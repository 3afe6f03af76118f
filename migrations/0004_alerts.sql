-- Alerts for the dealer and the floor; raised until someone acknowledges them.
CREATE TABLE alerts (
  id                INTEGER PRIMARY KEY,
  table_id          TEXT    NOT NULL REFERENCES tables (id),
  hand_id           TEXT    REFERENCES hands (id),
  kind              TEXT    NOT NULL CHECK (kind IN ('misdeal', 'irregularity', 'device-fault')),
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
CREATE INDEX alerts_raised ON alerts (table_id) WHERE acknowledged_at IS NULL;
