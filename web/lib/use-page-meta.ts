import { useEffect } from 'react';

/** Sets the page's title and meta description while the page is shown. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    // The server's HTML may already say it (the landing, a job): setting it again would still rewrite the head.
    const fullTitle = title.includes('WorkCred') ? title : `${title} · WorkCred`;
    if (document.title !== fullTitle) document.title = fullTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    if (meta.content !== description) meta.content = description;
  }, [title, description]);
}
