-- staff accounts, the PIN lock and the audit log
-- pin_hash is a crypt(3) string; the PIN itself is never stored.
CREATE TABLE staff (
    name     TEXT PRIMARY KEY NOT NULL,
    pin_hash TEXT NOT NULL
) STRICT;

-- One row at most (id is always 1); no row means the lock is open.
CREATE TABLE pin_lock (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    failures     INTEGER NOT NULL CHECK (failures >= 0),
    lockouts     INTEGER NOT NULL CHECK (lockouts >= 0),
    locked_until REAL
) STRICT;

-- Appended to, never changed; id gives the order entries were recorded in.
-- staff is NULL for a failed PIN, when nobody is known.
CREATE TABLE audit_log (
    id     INTEGER PRIMARY KEY,
    time   REAL NOT NULL,
    staff  TEXT,
    action TEXT NOT NULL,
    detail TEXT NOT NULL
) STRICT;
