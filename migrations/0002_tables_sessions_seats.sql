-- Tables, dealer sessions and who sits where with how many chips.
CREATE TABLE tables (
  id              TEXT    PRIMARY KEY,
  name            TEXT    NOT NULL,
  profile_name    TEXT    NOT NULL,
  profile_version INTEGER NOT NULL,
  profile         TEXT    NOT NULL,                   -- the whole house-rules profile, JSON
  point_value     INTEGER NOT NULL CHECK (point_value > 0),  -- minor units per point
  mode            TEXT    NOT NULL CHECK (mode IN ('shoe', 'scanner-only')),
  seq_modulo      INTEGER,                            -- the shoe's sequence numbers wrap here (NULL: never)
  button          INTEGER NOT NULL CHECK (button BETWEEN 1 AND 4),  -- the button of the next hand
  hands_started   INTEGER NOT NULL DEFAULT 0,         -- the number of the last hand started
  opened_at       TEXT    NOT NULL,
  opened_event_id INTEGER NOT NULL REFERENCES events (id)
);

CREATE TABLE sessions (
  id           INTEGER PRIMARY KEY,
  table_id     TEXT    NOT NULL REFERENCES tables (id),
  dealer       TEXT    NOT NULL,
  on_at        TEXT    NOT NULL,
  off_at       TEXT,
  on_event_id  INTEGER NOT NULL REFERENCES events (id),
  off_event_id INTEGER REFERENCES events (id)
);
CREATE UNIQUE INDEX sessions_one_dealer_on ON sessions (table_id) WHERE off_at IS NULL;

-- The seats now: one row per occupied seat.
CREATE TABLE seats (
  table_id             TEXT    NOT NULL REFERENCES tables (id),
  seat                 INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
  player               TEXT    NOT NULL,             -- the player's id
  name                 TEXT,                         -- display name, if the room records one
  stack                INTEGER NOT NULL CHECK (stack >= 0),
  short_buy_in_allowed INTEGER NOT NULL CHECK (short_buy_in_allowed IN (0, 1)),
  seated_at            TEXT    NOT NULL,
  PRIMARY KEY (table_id, seat)
);
CREATE UNIQUE INDEX seats_one_seat_per_player ON seats (table_id, player);
