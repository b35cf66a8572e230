-- Issue 35 §1: scans read by OCR, off the request path.
--
-- document_reads is the queue of documents whose text layer held nothing to compare (a scan, a
-- phone photo saved as PDF). The check that found it queues a row and stays pending; any
-- instance's read worker claims due rows with FOR UPDATE SKIP LOCKED, moving next_attempt_at past
-- a lease (longer than a document's time limit) so a crashed instance's claim comes due again,
-- renders and recognises the pages, and decides the check with the same rules on the recognised
-- text. pages_done and page_count are the progress the candidate sees live. The recognised text
-- itself is not kept: the check keeps its flags and the read its confidence.
CREATE TABLE document_reads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  check_id uuid NOT NULL REFERENCES verification_checks (id) ON DELETE CASCADE,
  candidate_id text NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES candidate_documents (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'reading', 'done', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  pages_done integer NOT NULL DEFAULT 0 CHECK (pages_done >= 0),
  page_count integer CHECK (page_count IS NULL OR page_count >= 0),
  -- Tesseract's mean word confidence over the pages read, weighted by their text (0-100).
  confidence real CHECK (confidence IS NULL OR confidence BETWEEN 0 AND 100),
  last_error text CHECK (last_error IS NULL OR length(last_error) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX document_reads_due ON document_reads (next_attempt_at) WHERE state IN ('queued', 'reading');
CREATE INDEX document_reads_check ON document_reads (check_id, created_at DESC);
-- One open read per check: a re-upload cancels the open one before queuing its own.
CREATE UNIQUE INDEX document_reads_one_open ON document_reads (check_id) WHERE state IN ('queued', 'reading');
