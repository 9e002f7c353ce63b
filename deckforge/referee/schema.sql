-- The referee's event store. The action log is the truth: a table's state is
-- the replay of its active actions; nothing derived from them is stored.

CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The decks tables play with, by the SHA-256 of their resolved text (the theme with
-- what it extends merged in, as canonical JSON: deckforge.theme.library): a hundred
-- tables of one deck store it once. A deck is never changed or deleted, so a game
-- replays the same whatever happens to its file (see store.py's migrations).
CREATE TABLE IF NOT EXISTS decks (
    hash TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    stored_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('printed', 'digital')),
    theme_ref TEXT NOT NULL,          -- the deck's bundled name or file when the table was made
    players TEXT NOT NULL,            -- JSON list of names in seat order, seat 0 starts
    leader_token_hash TEXT NOT NULL,  -- sha256 of the leader's secret, never the secret
    version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),  -- +1 per accepted change
    game INTEGER NOT NULL DEFAULT 1,  -- number of the game being played
    created_at TEXT NOT NULL,
    deck TEXT REFERENCES decks (hash), -- the deck it plays with; NULL: see lost_decks
    -- the version of the game's last change (an action, undo, new game or pause): a
    -- change of the game made on any version since still applies, since what moved the
    -- version since then (the projector's replay) left the game as it was. NULL: a
    -- table made before it was kept, whose every change counts until its next one
    game_version INTEGER
);

CREATE TABLE IF NOT EXISTS games (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    seed INTEGER,                     -- digital tables: the shuffle's seed; NULL for printed cards
    started_at TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);

CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    game INTEGER NOT NULL,
    seq INTEGER NOT NULL,             -- 1, 2, ... in the order accepted (undone ones keep theirs)
    payload TEXT NOT NULL,            -- the engine's action.to_dict() as JSON
    version INTEGER NOT NULL,         -- the table version this action created
    created_at TEXT NOT NULL,
    undone_version INTEGER,           -- the version of the undo that withdrew it; NULL if active
    PRIMARY KEY (table_id, game, seq),
    FOREIGN KEY (table_id, game) REFERENCES games (table_id, number) ON DELETE CASCADE
) WITHOUT ROWID;  -- the primary key is the only index: a game's actions in order, one B-tree

-- Stores made before 2026-12-01 had a second index that the primary key makes useless.
DROP INDEX IF EXISTS actions_active;

-- Tables made before decks were kept, whose file no longer replays their log when
-- the store was migrated (the deck changed since the game began): they keep their
-- log, which can be exported, but can no longer be shown or played.
CREATE TABLE IF NOT EXISTS lost_decks (
    table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    found_at TEXT NOT NULL,
    problem TEXT NOT NULL             -- why the file did not replay (English, for the log)
);

-- Digital tables: a row while the leader has paused the table (seats cannot act).
CREATE TABLE IF NOT EXISTS pauses (
    table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    since TEXT NOT NULL
);

-- The step of a game the leader shows on the projector's replay (none: the live table),
-- and the part of the replay page in view. Moving it is a change of the table: the
-- version moves on (the projectors follow it), but not the game's (tables.game_version),
-- so a seat's action made on the version before is not stale.
CREATE TABLE IF NOT EXISTS replay_positions (
    table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    game INTEGER NOT NULL CHECK (game >= 1),
    step INTEGER NOT NULL CHECK (step >= 0),
    section TEXT NOT NULL DEFAULT 'table'
        CHECK (section IN ('table', 'moments', 'chart', 'discovered'))
);

-- An accepted action moves its table to the version it created, in the same
-- statement: one INSERT is the whole transaction of an action.
CREATE TRIGGER IF NOT EXISTS action_moves_version AFTER INSERT ON actions
BEGIN
    UPDATE tables SET version = NEW.version, game_version = NEW.version WHERE id = NEW.table_id;
END;

-- Idempotency keys (added 2026-12-04; older stores gain the table on first open).
-- One row per accepted change sent with a key: an action, an undo, a new game or a
-- pause. It is written in the change's own transaction, so a change and its key are
-- kept together or not at all; a retry with the same key finds the row and gets the
-- original answer instead of a second record. ``fingerprint`` is the sha256 of what
-- the request asked (its kind, version and action), to refuse a key reused for
-- another request.
CREATE TABLE IF NOT EXISTS request_keys (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    key TEXT NOT NULL,                -- the client's Idempotency-Key, unique per table
    fingerprint TEXT NOT NULL,
    version INTEGER NOT NULL,         -- the table version the change created
    game INTEGER NOT NULL,            -- the game it was made in
    seq INTEGER,                      -- an action's place in that game's log; NULL otherwise
    created_at TEXT NOT NULL,
    PRIMARY KEY (table_id, key)
) WITHOUT ROWID;

-- Tables created with an Idempotency-Key (added 2026-12-04; older stores gain the table
-- on first open). A retried POST /api/tables (the first reply lost) finds the table its
-- first try made instead of making a second one. The key is kept hashed: the client
-- holds it, and with the request it gives back the leader's token (referee/idempotency.py).
CREATE TABLE IF NOT EXISTS creation_keys (
    key_hash TEXT PRIMARY KEY,        -- sha256 of the client's Idempotency-Key
    fingerprint TEXT NOT NULL,        -- sha256 of what the request asked
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
) WITHOUT ROWID;

-- The decks of a hosted referee's library (added 2026-12-05, store version 3), saved in
-- the studio so that every referee process on one database offers the same decks. The
-- deck a table plays is pinned in ``decks`` (by hash) when the table is made, so changing
-- a library deck never changes a table already made. ``source`` is the author's YAML as
-- written (comments kept, for the studio); ``deck`` its resolved text's hash. The edit key
-- is given once to the author and kept only as its hash (deckforge.referee.deck_keys).
CREATE TABLE IF NOT EXISTS library_decks (
    id TEXT PRIMARY KEY,              -- the deck's name and theme id (a file stem's form)
    title TEXT NOT NULL,
    source TEXT NOT NULL,             -- the YAML text as saved
    deck TEXT NOT NULL REFERENCES decks (hash),  -- its resolved text, as tables pin it
    key_hash TEXT NOT NULL,           -- sha256 of the edit key, never the key
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
) WITHOUT ROWID;

-- Wrong organisation or edit keys, per client address, so that every process counts the
-- same tries (deckforge.referee.deck_keys limits them); rows older than the window go.
CREATE TABLE IF NOT EXISTS wrong_tries (
    client TEXT NOT NULL,             -- the real client address (through trusted proxies)
    tried_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS wrong_tries_by_client ON wrong_tries (client, tried_at);
