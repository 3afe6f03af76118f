-- Corrections of a played hand (docs/table.md, "Correcting a played hand"): the chips the floor's
-- correction moves between seats go into the chip ledger as rows of kind 'correction', with the
-- hand they correct. SQLite cannot change a CHECK, so the ledger is rebuilt with the new kind,
-- every row kept as it was (same ids), and its indexes made again.
CREATE TABLE chip_ledger_new (
  id          INTEGER PRIMARY KEY,
  table_id    TEXT    NOT NULL REFERENCES tables (id),
  seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
  player      TEXT    NOT NULL,
  kind        TEXT    NOT NULL CHECK (kind IN ('buy-in', 'short-buy-in', 'hand', 'cash-out', 'correction')),
  amount      INTEGER NOT NULL,                     -- signed, minor units
  stack_after INTEGER NOT NULL CHECK (stack_after >= 0),
  hand_id     TEXT    REFERENCES hands (id),
  event_id    INTEGER NOT NULL REFERENCES events (id),
  at          TEXT    NOT NULL
);
INSERT INTO chip_ledger_new (id, table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at)
  SELECT id, table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at FROM chip_ledger;
DROP TABLE chip_ledger;
ALTER TABLE chip_ledger_new RENAME TO chip_ledger;
CREATE INDEX chip_ledger_by_player ON chip_ledger (table_id, player, id);
CREATE INDEX chip_ledger_by_hand ON chip_ledger (hand_id) WHERE hand_id IS NOT NULL;

-- A hand's corrections are table events (hand_id NULL) that name the hand in their body: found
-- through an index of their own when the floor opens the hand's timeline.
CREATE INDEX events_hand_corrections ON events (json_extract(body, '$.handId'), id) WHERE type = 'hand-corrected';
