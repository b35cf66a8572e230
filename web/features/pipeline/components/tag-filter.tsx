import { candidateNotesMessages as text } from '@shared/messages/candidate-notes.ts';
import { useCompanyTags } from '../api/candidate-tags.ts';

/** The board's filter by company tag (issue 36 §2); shown once the company has tags. */
export function TagFilter({ value, onChange }: { value: string; onChange: (tag: string) => void }) {
  const tags = useCompanyTags();
  if (!tags.data || (tags.data.length === 0 && !value)) return null;
  return (
    <div className="space-y-1">
      <label htmlFor="pipeline-tag-filter" className="block text-sm font-medium text-slate-700">
        {text.filterByTag}
      </label>
      <select
        id="pipeline-tag-filter"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block h-10 w-48 rounded-md border border-slate-300 bg-white px-3 text-sm"
        data-testid="pipeline-tag-filter"
      >
        <option value="">{text.allTags}</option>
        {value && !tags.data.some((tag) => tag.label.toLowerCase() === value.toLowerCase()) ? <option value={value}>{value}</option> : null}
        {tags.data.map((tag) => (
          <option key={tag.label} value={tag.label}>
            {tag.label} ({tag.candidates})
          </option>
        ))}
      </select>
    </div>
  );
}
