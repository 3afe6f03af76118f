-- The database's identity: made once, in the transaction that makes (or upgrades) the database,
-- and never changed. The central server keys every row it holds by (identity, event id), so two
-- databases never mix, whatever table ids they use. 128 random bits, as 32 lower-case hex digits.
CREATE TABLE terminal_identity (
  one         INTEGER PRIMARY KEY CHECK (one = 1),
  id          TEXT    NOT NULL CHECK (length(id) = 32 AND id NOT GLOB '*[^0-9a-f]*'),
  created_at  TEXT    NOT NULL
);
INSERT INTO terminal_identity (one, id, created_at) VALUES (1, lower(hex(randomblob(16))), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
CREATE TRIGGER terminal_identity_no_update BEFORE UPDATE ON terminal_identity
BEGIN SELECT RAISE(ABORT, 'the terminal identity is permanent: it cannot be changed'); END;
CREATE TRIGGER terminal_identity_no_delete BEFORE DELETE ON terminal_identity
BEGIN SELECT RAISE(ABORT, 'the terminal identity is permanent: it cannot be deleted'); END;

-- How far the log has been forwarded to the central server: the last event id that server
-- (named by its own identity) confirmed it holds. Written only after the server confirmed; a
-- hint for where to go on (the server's own answer decides), never part of the chain.
CREATE TABLE forward_cursor (
  one           INTEGER PRIMARY KEY CHECK (one = 1),
  central_id    TEXT    NOT NULL,
  confirmed_id  INTEGER NOT NULL CHECK (confirmed_id >= 0),
  confirmed_at  TEXT    NOT NULL
);
