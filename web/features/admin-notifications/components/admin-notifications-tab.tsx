import { ComposeNotification } from './compose-notification.tsx';
import { SentNotifications } from './sent-notifications.tsx';

/** The admin's Notifications tab (spec points 2 and 4): compose and send to a group; what was sent. */
export function AdminNotificationsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <ComposeNotification />
      <SentNotifications />
    </div>
  );
}
