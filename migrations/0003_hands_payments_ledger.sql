-- Hands with their outcome, each seat's stack before and after, the payments, the chip ledger.
CREATE TABLE hands (
  id              TEXT    PRIMARY KEY,               -- '<table id>-<number>', e.g. 'T1-42'
  table_id        TEXT    NOT NULL REFERENCES tables (id),
  number          INTEGER NOT NULL,                  -- 1, 2, 3 ... at this table (a misdeal is a hand too)
  button          INTEGER NOT NULL CHECK (button BETWEEN 1 AND 4),
  dealer          TEXT,
  session_id      INTEGER REFERENCES sessions (id),
  profile_name    TEXT    NOT NULL,
  profile_version INTEGER NOT NULL,
  point_value     INTEGER NOT NULL,
  phase           TEXT    NOT NULL,                  -- the hand's phase after its last event
  outcome         TEXT    NOT NULL CHECK (outcome IN ('open', 'played', 'misdeal', 'void')),
  misdeal_cause   TEXT,
  void_reason     TEXT,
  settled_event_id INTEGER REFERENCES events (id),   -- the `settled` event: showdown record and result
  started_at      TEXT    NOT NULL,
  ended_at        TEXT,
  first_event_id  INTEGER NOT NULL REFERENCES events (id),
  last_event_id   INTEGER NOT NULL REFERENCES events (id),
  UNIQUE (table_id, number)
);
CREATE UNIQUE INDEX hands_one_open_per_table ON hands (table_id) WHERE outcome = 'open';
CREATE INDEX hands_by_start ON hands (started_at);

-- Each seat of each hand: the stack before and after ("the stack after every hand").
CREATE TABLE hand_seats (
  hand_id      TEXT    NOT NULL REFERENCES hands (id),
  seat         INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
  player       TEXT    NOT NULL,
  stack_before INTEGER NOT NULL,
  points       INTEGER,                             -- NULL until settled
  net          INTEGER,                             -- chips won (+) or lost (-); NULL until the hand ends
  stack_after  INTEGER,                             -- NULL until the hand ends
  fouled       INTEGER NOT NULL DEFAULT 0,
  natural      TEXT,
  surrendered  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (hand_id, seat)
);

CREATE TABLE payments (
  hand_id           TEXT    NOT NULL REFERENCES hands (id),
  ordinal           INTEGER NOT NULL,               -- 0, 1, 2 ... in the dealer's order
  from_seat         INTEGER NOT NULL CHECK (from_seat BETWEEN 1 AND 4),
  to_seat           INTEGER NOT NULL CHECK (to_seat BETWEEN 1 AND 4),
  amount            INTEGER NOT NULL CHECK (amount > 0),
  executed_at       TEXT,
  executed_event_id INTEGER REFERENCES events (id),
  PRIMARY KEY (hand_id, ordinal)
);

-- Every chip movement of a seated player: buy-ins, each hand's result, cashing out.
CREATE TABLE chip_ledger (
  id          INTEGER PRIMARY KEY,
  table_id    TEXT    NOT NULL REFERENCES tables (id),
  seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
  player      TEXT    NOT NULL,
  kind        TEXT    NOT NULL CHECK (kind IN ('buy-in', 'short-buy-in', 'hand', 'cash-out')),
  amount      INTEGER NOT NULL,                     -- signed, minor units
  stack_after INTEGER NOT NULL CHECK (stack_after >= 0),
  hand_id     TEXT    REFERENCES hands (id),
  event_id    INTEGER NOT NULL REFERENCES events (id),
  at          TEXT    NOT NULL
);
CREATE INDEX chip_ledger_by_player ON chip_ledger (table_id, player, id);
CREATE INDEX chip_ledger_by_hand ON chip_ledger (hand_id) WHERE hand_id IS NOT NULL;
