-- Issue 16 names the hire event employee.hired: endpoints subscribed to its earlier name
-- (employee.added) keep receiving it. Waiting deliveries keep the name they were recorded with.
UPDATE webhook_endpoints SET events = array_replace(events, 'employee.added', 'employee.hired')
WHERE 'employee.added' = ANY(events);

-- Deliveries are sent to each endpoint in the order their events happened, including two events
-- of one transaction (a move to hired and the employee it adds): the time of the insert itself.
ALTER TABLE webhook_deliveries ALTER COLUMN created_at SET DEFAULT clock_timestamp();
DROP INDEX webhook_deliveries_due;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, created_at) WHERE status = 'pending';
