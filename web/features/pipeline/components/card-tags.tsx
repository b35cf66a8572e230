import { candidateNotesMessages as text } from '@shared/messages/candidate-notes.ts';
import { fill } from '@shared/fill.ts';

/** The company's tags on a card (issue 36 §2), small; the list names them for screen readers. */
export function CardTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="mt-1.5 flex flex-wrap gap-1" aria-label={fill(text.cardTags, { tags: tags.join(', ') })} data-testid="card-tags">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-indigo-50 px-1.5 py-0.5 text-[11px] font-medium text-indigo-800 ring-1 ring-indigo-200">
          {tag}
        </li>
      ))}
    </ul>
  );
}
