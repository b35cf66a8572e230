import { useEffect } from 'react';

/** Sets the page's title and meta description while the page is shown. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title.includes('WorkCred') ? title : `${title} · WorkCred`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
