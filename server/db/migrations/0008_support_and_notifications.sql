-- Support chat, notifications and the admin console (issue 6).

-- A message sent twice (double click, a retry after a lost answer) is stored once: the browser
-- picks an id per message and the pair (chat, client id) is unique.
ALTER TABLE chat_messages ADD COLUMN client_message_id uuid;
CREATE UNIQUE INDEX chat_messages_client_id_key ON chat_messages (chat_id, client_message_id) WHERE client_message_id IS NOT NULL;

-- One row per notification an admin sends, whatever the number of recipients: who sent what to
-- which group, and how many people it reached. The per-recipient rows point back at it.
CREATE TABLE notification_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sender_id text REFERENCES user_profiles (id) ON DELETE SET NULL,
  type text NOT NULL CHECK (type IN ('toast', 'banner')),
  recipient_group text NOT NULL CHECK (recipient_group IN ('all', 'employers', 'candidates')),
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  message text NOT NULL CHECK (length(btrim(message)) BETWEEN 1 AND 2000),
  recipients integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_batches_created_idx ON notification_batches (created_at DESC);
ALTER TABLE notifications ADD COLUMN batch_id uuid REFERENCES notification_batches (id) ON DELETE CASCADE;

-- The audit log is filtered by action and by entity as well as by actor, company and date.
CREATE INDEX admin_audit_logs_action_idx ON admin_audit_logs (action, created_at DESC);
-- Admins search users by name or email and filter by role, newest first.
CREATE INDEX user_profiles_role_created_idx ON user_profiles (role, created_at DESC);

-- Jobs Management pages through a company's open jobs by (created_at, id) with a keyset cursor:
-- this index serves every page straight from the cursor, even for a company whose jobs are all
-- older than everyone else's (where the planner might otherwise walk the public board's index).
CREATE INDEX job_postings_company_page_idx ON job_postings (company_id, created_at DESC, id DESC) WHERE NOT is_deleted AND status = 'published';

-- Candidate email codes are limited per address (60 s apart, 5 an hour), counted from the outbox.
CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (recipient, created_at DESC);
