import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner['toast']['success']>[0];

let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/**
 * Loads the toast library, and asks the page to mount its Toaster (web/app/deferred-toaster.tsx).
 * The library is not on any page's first load (issue 14, item 4): it comes when the first toast is
 * shown or when the browser is idle, whichever is first. A toast raised before the Toaster has
 * mounted is not lost: sonner hands its active toasts to a Toaster that subscribes later.
 */
export function loadToasts(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return (sonner ??= import('sonner'));
}

/** For the deferred Toaster: whether a toast was asked for, and a way to hear when one is. */
export function toastsWanted(): boolean {
  return wanted;
}

export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error' | 'info', message: Message, data?: ExternalToast): void {
  void loadToasts().then((library) => library.toast[kind](message, data));
}

/** sonner's toast, for the calls this app makes, loaded on first use. */
export const toast = {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
  info: (message: Message, data?: ExternalToast) => show('info', message, data),
  dismiss: (id?: string | number) => {
    // Nothing to dismiss before the library has loaded.
    void sonner?.then((library) => library.toast.dismiss(id));
  },
};
