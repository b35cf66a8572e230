import { useCallback, useRef, type ComponentProps } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '@web/lib/cn.ts';
import { useScrollEdges } from '@web/lib/use-scroll-edges.ts';

/** Radix tabs (arrow-key navigation, roles and ids wired up) in the product's look. */
export const Tabs = TabsPrimitive.Root;

/** The edge fade: the side with hidden tabs melts away, which says "scroll this way". */
function fadeMask(before: boolean, after: boolean): string | undefined {
  if (!before && !after) return undefined;
  const start = before ? 'transparent, #000 2.5rem' : '#000';
  const end = after ? '#000 calc(100% - 2.5rem), transparent' : '#000';
  return `linear-gradient(to right, ${start}, ${end})`;
}

/**
 * One row of tabs that never wraps (issue 12, defect 8): wider than the screen, it scrolls sideways
 * with the hidden side faded out. Arrow keys still move between tabs (Radix), and the focused tab
 * scrolls into view.
 */
export function TabsList({ className, style, ref, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const own = useRef<HTMLDivElement | null>(null);
  const edges = useScrollEdges(own);
  const setRef = useCallback(
    (node: HTMLDivElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  const mask = fadeMask(edges.before, edges.after);
  return (
    <TabsPrimitive.List
      ref={setRef}
      data-fade-before={edges.before || undefined}
      data-fade-after={edges.after || undefined}
      className={cn('inline-flex h-10 max-w-full items-center gap-1 overflow-x-auto overscroll-x-contain rounded-lg bg-slate-100 p-1 [scrollbar-width:none]', className)}
      style={mask ? { ...style, maskImage: mask } : style}
      {...props}
    />
  );
}

export function TabsTrigger({ className, onFocus, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-8 shrink-0 items-center rounded-md px-3 text-sm whitespace-nowrap font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      onFocus={(event) => {
        // A tab half hidden under the fade comes fully into view when it takes focus (click or arrow key).
        event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        onFocus?.(event);
      }}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-none', className)} {...props} />;
}
