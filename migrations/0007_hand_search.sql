-- The floor's hand search: what a hand's settlement and the floor did to it, per hand, so that
-- each outcome is found through an index of its own, newest hand first (number DESC).
-- Written by the projections (app/services/projections.ts) at the `settled` event and at each
-- `floor-correction`; the rows already there are filled in below from the same facts.
ALTER TABLE hands ADD COLUMN fouls       INTEGER NOT NULL DEFAULT 0;  -- seats the settlement fouled
ALTER TABLE hands ADD COLUMN naturals    INTEGER NOT NULL DEFAULT 0;  -- seats that scored a natural
ALTER TABLE hands ADD COLUMN surrenders  INTEGER NOT NULL DEFAULT 0;  -- seats that surrendered
ALTER TABLE hands ADD COLUMN all_ins     INTEGER NOT NULL DEFAULT 0;  -- seats that lost their whole stack (table stakes)
ALTER TABLE hands ADD COLUMN corrections INTEGER NOT NULL DEFAULT 0;  -- floor corrections recorded on the hand (notes included)
ALTER TABLE hand_seats ADD COLUMN all_in INTEGER NOT NULL DEFAULT 0;

UPDATE hand_seats SET all_in = 1
 WHERE EXISTS (SELECT 1 FROM hands h JOIN events e ON e.id = h.settled_event_id, json_each(e.body, '$.result.allIn') j
                WHERE h.id = hand_seats.hand_id AND j.value = hand_seats.seat);
UPDATE hands SET
  fouls       = (SELECT count(*) FROM hand_seats s WHERE s.hand_id = hands.id AND s.fouled = 1),
  naturals    = (SELECT count(*) FROM hand_seats s WHERE s.hand_id = hands.id AND s.natural IS NOT NULL),
  surrenders  = (SELECT count(*) FROM hand_seats s WHERE s.hand_id = hands.id AND s.surrendered = 1),
  all_ins     = (SELECT count(*) FROM hand_seats s WHERE s.hand_id = hands.id AND s.all_in = 1),
  corrections = (SELECT count(*) FROM events e WHERE e.hand_id = hands.id AND e.type = 'floor-correction');

-- One index per filter, each ending in the hand's number for the newest-first page.
CREATE INDEX hands_search_started   ON hands (table_id, started_at);
CREATE INDEX hands_search_dealer    ON hands (table_id, dealer, number);
CREATE INDEX hands_search_outcome   ON hands (table_id, outcome, number);
CREATE INDEX hands_search_misdeal   ON hands (table_id, misdeal_cause, number) WHERE misdeal_cause IS NOT NULL;
CREATE INDEX hands_search_fouls     ON hands (table_id, number) WHERE fouls > 0;
CREATE INDEX hands_search_naturals  ON hands (table_id, number) WHERE naturals > 0;
CREATE INDEX hands_search_surrender ON hands (table_id, number) WHERE surrenders > 0;
CREATE INDEX hands_search_all_in    ON hands (table_id, number) WHERE all_ins > 0;
CREATE INDEX hands_search_corrected ON hands (table_id, number) WHERE corrections > 0;
CREATE INDEX hand_seats_by_player   ON hand_seats (player, hand_id);
-- A hand's alerts, for its timeline.
CREATE INDEX alerts_by_hand         ON alerts (hand_id) WHERE hand_id IS NOT NULL;
