-- Notifications reach people (issue 6, point 3). read_at is the bell's "seen" (opening the bell,
-- or dismissing a banner, sets it). delivered_at records that a toast has popped up once, so a
-- toast sent while its recipient was offline pops up at their next visit, and not at every visit
-- after. No index: the rows still to pop up are unread ones, which notifications_unread_idx finds
-- per recipient, and every index is one more write per recipient of a 100,000-person send.
ALTER TABLE notifications ADD COLUMN delivered_at timestamptz;
