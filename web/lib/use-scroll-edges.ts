import { useEffect, useState, type RefObject } from 'react';

export interface ScrollEdges {
  /** Content is hidden off the start (left) edge. */
  before: boolean;
  /** Content is hidden off the end (right) edge. */
  after: boolean;
}

/**
 * Whether a sideways-scrolling element has content hidden past either edge, kept current on
 * scroll and resize: what a fade or an arrow button needs to say "there is more this way".
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    element.addEventListener('scroll', measure, { passive: true });
    // The observer reports once as soon as it starts observing (the first measurement), then on
    // every resize of the element or of its first child (the content growing or shrinking).
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}
