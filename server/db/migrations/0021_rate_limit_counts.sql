-- Issue 14: request budgets counted in the one database every instance shares, so two instances
-- give one budget (server/http/rate-limit-store.ts). One row per budget and caller (a user's id
-- when signed in, else the address) holds the hits of its current window and when that window
-- ends. Counts are worth nothing after a crash, so the table skips the write-ahead log.
CREATE UNLOGGED TABLE rate_limit_counts (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits >= 0),
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counts_resets_at ON rate_limit_counts (resets_at);
