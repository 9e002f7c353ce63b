-- The referee's event store on PostgreSQL: the same tables as schema.sql (the SQLite
-- store), column for column (tests/referee/test_referee_store_contract.py compares
-- them), with PostgreSQL's spelling where SQLite's differs. Run at each start inside
-- one transaction under an advisory lock, so processes starting together take turns.

CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS decks (
    hash TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    stored_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('printed', 'digital')),
    theme_ref TEXT NOT NULL,
    players TEXT NOT NULL,
    leader_token_hash TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    game INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    deck TEXT REFERENCES decks (hash),
    game_version INTEGER
);
-- added 2026-12-04: the version of the game's last change (see schema.sql)
ALTER TABLE tables ADD COLUMN IF NOT EXISTS game_version INTEGER;

CREATE TABLE IF NOT EXISTS games (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    seed TEXT,                        -- decimal text: seeds use all 64 bits (BIGINT stops at 2**63)
    started_at TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);

CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    game INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    payload TEXT NOT NULL,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    undone_version INTEGER,
    PRIMARY KEY (table_id, game, seq),
    FOREIGN KEY (table_id, game) REFERENCES games (table_id, number) ON DELETE CASCADE
);

CREATE TABLE IF NOT EXISTS lost_decks (
    table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    found_at TEXT NOT NULL,
    problem TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS pauses (
    table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    since TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS replay_positions (
    table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    game INTEGER NOT NULL CHECK (game >= 1),
    step INTEGER NOT NULL CHECK (step >= 0),
    section TEXT NOT NULL DEFAULT 'table'
        CHECK (section IN ('table', 'moments', 'chart', 'discovered'))
);

CREATE TABLE IF NOT EXISTS request_keys (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    version INTEGER NOT NULL,
    game INTEGER NOT NULL,
    seq INTEGER,
    created_at TEXT NOT NULL,
    PRIMARY KEY (table_id, key)
);

CREATE TABLE IF NOT EXISTS creation_keys (
    key_hash TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
);

-- added 2026-12-05 (store version 3): a hosted referee's library of decks and the wrong
-- key tries per client (see schema.sql)
CREATE TABLE IF NOT EXISTS library_decks (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    source TEXT NOT NULL,
    deck TEXT NOT NULL REFERENCES decks (hash),
    key_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS wrong_tries (
    client TEXT NOT NULL,
    tried_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS wrong_tries_by_client ON wrong_tries (client, tried_at);

-- An accepted action moves its table to the version it created, in the same statement
-- (as SQLite's trigger does).
CREATE OR REPLACE FUNCTION deckforge_action_moves_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE tables SET version = NEW.version, game_version = NEW.version WHERE id = NEW.table_id;
    RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS action_moves_version ON actions;
CREATE TRIGGER action_moves_version AFTER INSERT ON actions
    FOR EACH ROW EXECUTE FUNCTION deckforge_action_moves_version();

-- Every new version of a table is announced to every referee process (LISTEN
-- deckforge_tables) when its transaction commits: "<table id> <version>". A process
-- that missed some (its listening connection was cut) compares versions instead.
CREATE OR REPLACE FUNCTION deckforge_announce_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('deckforge_tables', NEW.id || ' ' || NEW.version);
    RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS version_announced ON tables;
CREATE TRIGGER version_announced AFTER INSERT OR UPDATE OF version ON tables
    FOR EACH ROW EXECUTE FUNCTION deckforge_announce_version();
