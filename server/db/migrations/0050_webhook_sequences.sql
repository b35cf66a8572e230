-- Issue 33 (C2): webhook deliveries can arrive out of order (a failed one is retried while later
-- events go on, and any can be sent again), so each event carries a sequence: the count of the
-- events about its object (a job, an application, an interview, an employment, a candidate's
-- check) for the company. The counter's row is taken in the transaction of the change, so two
-- changes of one object number their events in the order they commit.
CREATE TABLE webhook_sequences (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  object_key text NOT NULL,
  last_sequence integer NOT NULL,
  PRIMARY KEY (company_id, object_key)
);
