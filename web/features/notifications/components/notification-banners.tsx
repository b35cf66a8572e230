import { Megaphone, X } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { Notification } from '@shared/schemas/notifications.ts';

const text = messages.notificationsCenter;

/** Admin banners across the top of every signed-in page, oldest first; the X reads (and so removes) one. */
export function NotificationBanners({ banners, onDismiss }: { banners: Notification[]; onDismiss: (banner: Notification) => void }) {
  if (banners.length === 0) return null;
  return (
    <section aria-label={text.bannerRegion} className="relative z-40 divide-y divide-brand-800/40 bg-brand-700 text-white" data-testid="notification-banners">
      {banners.map((banner) => (
        <div key={banner.id} role="status" className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2.5 sm:px-6" data-testid="notification-banner">
          <Megaphone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-sm break-words whitespace-pre-line">
            <span className="font-semibold">{banner.title}</span>
            <span className="sr-only">: </span>
            <span className="ml-2 text-brand-50">{banner.message}</span>
          </p>
          <button
            type="button"
            className="-m-1 shrink-0 cursor-pointer rounded p-1 text-brand-50 hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-white"
            aria-label={`${text.dismissBanner}: ${banner.title}`}
            onClick={() => onDismiss(banner)}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </section>
  );
}
