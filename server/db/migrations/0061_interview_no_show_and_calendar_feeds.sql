-- Issue 36 §4: an interview whose time has passed can be marked as a no-show (the candidate did
-- not attend), and the mark undone (back to scheduled). A status of its own rather than a flag, so
-- every list shows it and the clash check (status = 'scheduled') and interviews_company_idx leave
-- it out as they do a cancelled one.
ALTER TABLE interviews DROP CONSTRAINT interviews_status_check;
ALTER TABLE interviews ADD CONSTRAINT interviews_status_check CHECK (status IN ('scheduled', 'cancelled', 'completed', 'no_show'));

-- Issue 36 §4: each interviewer's private calendar feed, an .ics subscription URL with a secret
-- token. Only the token's SHA-256 is kept (like API keys): a leaked table opens no calendar. One
-- feed per person; making a new URL replaces the old one, which stops working at once.
CREATE TABLE interview_calendar_feeds (
  user_id text PRIMARY KEY REFERENCES user_profiles (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
