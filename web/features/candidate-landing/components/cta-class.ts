/**
 * The shared Button's primary green (brand-600) under white text is 3.8:1, short of WCAG AA's
 * 4.5:1; the primary action here uses the darker brand-700 (5.5:1), marked important so it wins
 * over the variant's own colour whatever the stylesheet order.
 */
export const primaryCta = 'bg-brand-700! hover:bg-brand-800!';
