-- Issue 16 names the hire event employee.hired: endpoints subscribed to its earlier name
-- (employee.added) keep receiving it. Waiting deliveries keep the name they were recorded with.
UPDATE webhook_endpoints SET events = array_replace(events, 'employee.added', 'employee.hired')
WHERE 'employee.added' = ANY(events);
