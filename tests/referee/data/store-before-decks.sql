-- The referee's store as it was before tables kept their deck (2026-12-04, before
-- schema version 1): tables only name a theme file. For the migration tests.

CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('printed', 'digital')),
    theme_ref TEXT NOT NULL,          -- a bundled theme's name or an absolute file path
    players TEXT NOT NULL,            -- JSON list of names in seat order, seat 0 starts
    leader_token_hash TEXT NOT NULL,  -- sha256 of the leader's secret, never the secret
    version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),  -- +1 per accepted change
    game INTEGER NOT NULL DEFAULT 1,  -- number of the game being played
    created_at TEXT NOT NULL
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

-- Digital tables: a row while the leader has paused the table (seats cannot act).
CREATE TABLE IF NOT EXISTS pauses (
    table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    since TEXT NOT NULL
);

-- The step of a game the leader shows on the projector's replay (none: the live table).
-- Moving it is a change of the table, like a pause: the version moves on.
CREATE TABLE IF NOT EXISTS replays (
    table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    game INTEGER NOT NULL CHECK (game >= 1),
    step INTEGER NOT NULL CHECK (step >= 0)
);

-- An accepted action moves its table to the version it created, in the same
-- statement: one INSERT is the whole transaction of an action.
CREATE TRIGGER IF NOT EXISTS action_moves_version AFTER INSERT ON actions
BEGIN
    UPDATE tables SET version = NEW.version WHERE id = NEW.table_id;
END;
