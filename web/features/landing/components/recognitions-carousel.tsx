import { useEffect, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Landmark, Pause, Play, Rocket } from 'lucide-react';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion.ts';
import { SectionHeading } from './section-heading.tsx';

const text = messages.landing;
const ROTATE_EVERY_MS = 6000;

// The two badges of spec point 1. Described, not named: no certificate or scheme is claimed here.
const recognitions = [
  {
    icon: Rocket,
    badge: 'Startup programme',
    title: 'Selected for a startup programme',
    body: 'WorkCred takes part in a startup programme that supports young companies building technology for India’s workforce, with mentoring on product, security and scale.',
  },
  {
    icon: Landmark,
    badge: 'Government recognition',
    title: 'Recognised by a government startup initiative',
    body: 'WorkCred holds a government recognition for new businesses, which holds us to the standards of a registered and accountable Indian company.',
  },
] as const;

type RotationChoice = 'auto' | 'on' | 'off';

/**
 * The recognitions carousel, after the WAI-ARIA carousel pattern: it turns on its own, stops while
 * the pointer is over it or focus is inside it, has a stop/start control, previous/next buttons,
 * one button per slide, and the arrow keys. With reduced motion asked for it does not turn on its
 * own (a person may still start it) and slides change without sliding. While it is still the
 * slide area is a polite live region, so a change made by the person is announced.
 */
export function RecognitionsCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<RotationChoice>('auto');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const total = recognitions.length;

  const rotationOn = choice === 'auto' ? !reducedMotion : choice === 'on';
  const rotating = rotationOn && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % total), ROTATE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [rotating, total]);

  const show = (next: number) => setIndex(((next % total) + total) % total);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section id="recognitions" aria-labelledby="recognitions-heading" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <SectionHeading id="recognitions-heading" eyebrow="Recognitions" title={text.recognitionsHeading} />
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label={text.carouselLabel}
        data-testid="recognitions-carousel"
        data-state={rotating ? 'rotating' : 'paused'}
        className="mx-auto mt-10 max-w-3xl"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
        onKeyDown={onKeyDown}
      >
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div aria-live={rotating ? 'off' : 'polite'} data-testid="recognitions-slides">
            <div className={cn('flex', !reducedMotion && 'transition-transform duration-500 ease-out')} style={{ transform: `translateX(-${index * 100}%)` }}>
              {recognitions.map((item, position) => {
                const current = position === index;
                return (
                  <div
                    key={item.badge}
                    role="group"
                    aria-roledescription="slide"
                    aria-label={fill(text.carouselSlide, { index: String(position + 1), total: String(total) })}
                    aria-hidden={current ? undefined : true}
                    inert={!current}
                    data-current={current}
                    className="flex w-full shrink-0 flex-col items-center gap-6 p-8 text-center sm:flex-row sm:p-10 sm:text-left"
                  >
                    <div className="flex size-24 shrink-0 items-center justify-center rounded-full border-4 border-brand-100 bg-brand-50 ring-1 ring-brand-600/20">
                      <item.icon className="size-10 text-brand-700" aria-hidden="true" />
                    </div>
                    <div>
                      <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">{item.badge}</p>
                      <h3 className="mt-3 text-xl font-semibold text-slate-900">{item.title}</h3>
                      <p className="mt-2 text-slate-600">{item.body}</p>
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
        </div>

        <div className="mt-4 flex items-center justify-center gap-2">
          <button
            type="button"
            className={controlClass}
            aria-label={rotationOn ? text.carouselStop : text.carouselStart}
            onClick={() => {
              setChoice(rotationOn ? 'off' : 'on');
              // Starting it is a clear wish: do not keep it still for the focus the click gave.
              if (!rotationOn) setFocused(false);
            }}
          >
            {rotationOn ? <Pause className="size-4" aria-hidden="true" /> : <Play className="size-4" aria-hidden="true" />}
          </button>
          <button type="button" className={controlClass} aria-label={text.carouselPrevious} onClick={() => show(index - 1)}>
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <div className="flex items-center gap-1">
            {recognitions.map((item, position) => (
              <button
                key={item.badge}
                type="button"
                className="group flex size-8 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={fill(text.carouselShow, { index: String(position + 1), title: item.badge })}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => show(position)}
              >
                <span
                  aria-hidden="true"
                  className={cn('block h-2.5 rounded-full motion-safe:transition-all', position === index ? 'w-6 bg-brand-600' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400')}
                />
              </button>
            ))}
          </div>
          <button type="button" className={controlClass} aria-label={text.carouselNext} onClick={() => show(index + 1)}>
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  );
}

const controlClass =
  'flex size-9 cursor-pointer items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
