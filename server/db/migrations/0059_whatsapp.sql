-- Issue 36 §3: WhatsApp as a second channel for candidates who opt in, through the WhatsApp
-- Business Cloud API's approved templates (decision record 0028).

-- A WhatsApp message goes through the same durable outbox as email and SMS. Its template (name,
-- language, body parameters in order) is what is sent; body_text is the same message in words,
-- for the development outbox and the erasure's search. provider_message_id is the id Meta
-- answered (a wamid, at most 128 characters), which its delivery statuses name.
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_channel_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_channel_check CHECK (channel IN ('email', 'sms', 'whatsapp'));
ALTER TABLE outbox_messages ADD COLUMN template jsonb;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK ((channel = 'whatsapp') = (template IS NOT NULL));
ALTER TABLE outbox_messages ADD COLUMN provider_message_id text CHECK (provider_message_id IS NULL OR length(provider_message_id) BETWEEN 1 AND 128);
CREATE UNIQUE INDEX outbox_messages_provider_id_key ON outbox_messages (provider_message_id) WHERE provider_message_id IS NOT NULL;

-- What the delivery-status webhook said about a sent message: sent, delivered, read, or failed
-- (with Meta's error code and title). One row per status: Meta repeats a webhook it thinks was
-- not received, and statuses may arrive out of order (occurred_at is Meta's own time).
CREATE TABLE outbox_delivery_statuses (
  outbox_id bigint NOT NULL REFERENCES outbox_messages (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  error_code integer,
  error_title text CHECK (error_title IS NULL OR length(error_title) <= 200),
  PRIMARY KEY (outbox_id, status)
);

-- The candidate's opt-in to WhatsApp messages, a consent of the ledger (issue 18): when, to which
-- verified number, under which privacy notice, from where; withdrawn by setting revoked_at. A
-- new opt-in after a withdrawal is a new row, so the ledger keeps both. The candidate's erasure
-- deletes the rows, as it does their verification consents.
CREATE TABLE whatsapp_consents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  phone text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{7,14}$'),
  notice_version text,
  granted_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  ip_address text,
  CHECK (revoked_at IS NULL OR revoked_at >= granted_at)
);
CREATE UNIQUE INDEX whatsapp_consents_active_key ON whatsapp_consents (candidate_id) WHERE revoked_at IS NULL;
CREATE INDEX whatsapp_consents_candidate_idx ON whatsapp_consents (candidate_id, granted_at DESC);
