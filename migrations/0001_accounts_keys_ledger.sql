-- Accounts, API keys and the append-only credit ledger (PLATFORM.md §3 and §4).
--
-- The balance is never written directly: every credit movement is a ledger row, and the
-- AFTER INSERT trigger applies it to accounts.balance inside the same statement. So
-- balance = SUM(credit_ledger.amount) holds by construction, and a charge that would make the
-- balance negative fails the INSERT itself with "CHECK constraint failed" (the authority for 402;
-- a zero-row UPDATE would not be an error and is never relied on).
-- Times are unix epoch milliseconds.

CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at INTEGER NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  -- first 12 characters of the key ("pfg_live_Ab3") and its last 4, for display only
  display_prefix TEXT NOT NULL,
  last4 TEXT NOT NULL,
  -- hex HMAC-SHA-256(pepper of pepper_version, full key); the plaintext is never stored
  key_hash TEXT NOT NULL UNIQUE,
  pepper_version INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
);

CREATE INDEX api_keys_by_account ON api_keys (account_id, created_at);

CREATE TABLE credit_ledger (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  kind TEXT NOT NULL CHECK (kind IN ('topup', 'charge', 'refund', 'adjustment')),
  -- signed: charges are negative, top-ups and refunds positive, adjustments either way
  amount INTEGER NOT NULL CHECK (
    CASE kind
      WHEN 'charge' THEN amount < 0
      WHEN 'adjustment' THEN amount <> 0
      ELSE amount > 0
    END
  ),
  -- a refund points at the charge it reverses; UNIQUE makes a second refund impossible
  ref_id TEXT UNIQUE REFERENCES credit_ledger(id),
  operation TEXT,
  request_id TEXT,
  idempotency_key TEXT,
  -- set once, on charges only: NULL while the request runs (the reservation), then final
  outcome TEXT CHECK (outcome IN ('succeeded', 'failed')),
  created_at INTEGER NOT NULL,
  CHECK (outcome IS NULL OR kind = 'charge'),
  CHECK ((kind = 'refund') = (ref_id IS NOT NULL))
);

CREATE INDEX credit_ledger_by_account ON credit_ledger (account_id, created_at);

-- Crash recovery by an idempotency record refunds the unresolved charges of its key.
CREATE INDEX credit_ledger_by_key ON credit_ledger (account_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- The sweep looks only at unresolved charges.
CREATE INDEX credit_ledger_open_charges ON credit_ledger (created_at)
  WHERE kind = 'charge' AND outcome IS NULL;

CREATE TRIGGER credit_ledger_apply AFTER INSERT ON credit_ledger
BEGIN
  UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
END;

CREATE TRIGGER credit_ledger_no_delete BEFORE DELETE ON credit_ledger
BEGIN
  SELECT RAISE(ABORT, 'credit_ledger is append-only');
END;

CREATE TRIGGER credit_ledger_outcome_only BEFORE UPDATE ON credit_ledger
WHEN NEW.id IS NOT OLD.id
  OR NEW.account_id IS NOT OLD.account_id
  OR NEW.kind IS NOT OLD.kind
  OR NEW.amount IS NOT OLD.amount
  OR NEW.ref_id IS NOT OLD.ref_id
  OR NEW.operation IS NOT OLD.operation
  OR NEW.request_id IS NOT OLD.request_id
  OR NEW.idempotency_key IS NOT OLD.idempotency_key
  OR NEW.created_at IS NOT OLD.created_at
  OR OLD.outcome IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'credit_ledger rows are immutable; a charge outcome is set once');
END;
