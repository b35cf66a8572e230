import { createContext, useContext, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { NOTIFICATION_TOASTER_ID, useNotificationDelivery } from '../hooks/use-notification-delivery.ts';
import { NotificationBanners } from './notification-banners.tsx';

const Mounted = createContext(false);

/**
 * Notifications reach people (issue 6, point 3), on every signed-in page: banners across the top
 * and toasts in their own corner. Mounted once: a nested route guard renders its children only.
 *
 * The admins' toasts have their own toaster (bottom right), away from the page's feedback toasts
 * (top right, below the header): a banner pushes the header down and an open bell covers the top
 * right; neither should hide an announcement or be hidden by one.
 */
export function NotificationCenter({ children }: { children: ReactNode }) {
  if (useContext(Mounted)) return children;
  return (
    <Mounted.Provider value>
      <NotificationDelivery />
      {children}
    </Mounted.Provider>
  );
}

function NotificationDelivery() {
  const { banners, dismiss } = useNotificationDelivery();
  return (
    <>
      <NotificationBanners banners={banners} onDismiss={dismiss} />
      <Toaster id={NOTIFICATION_TOASTER_ID} richColors closeButton position="bottom-right" />
    </>
  );
}
