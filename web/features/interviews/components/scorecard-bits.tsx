import { scorecardsMessages as cards } from '@shared/messages/scorecards.ts';
import type { Recommendation } from '@shared/schemas/scorecards.ts';

const BADGES: Record<Recommendation, string> = {
  strong_no: 'bg-red-100 text-red-800',
  no: 'bg-red-50 text-red-700',
  yes: 'bg-green-50 text-green-800',
  strong_yes: 'bg-green-100 text-green-900',
};

/** "Strong yes", coloured by leaning. */
export function RecommendationBadge({ recommendation }: { recommendation: Recommendation }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGES[recommendation]}`}>{cards.recommendationNames[recommendation]}</span>;
}

/** "3/4 · Good" on the 1–4 scale; an older scorecard's other value is shown as it is. */
export function ratingText(rating: number): string {
  return rating === 1 || rating === 2 || rating === 3 || rating === 4 ? `${rating}/4 · ${cards.ratingNames[rating]}` : String(rating);
}
