/**
 * Finding one of the company's candidates by name, email, phone or candidate ID (issue 36 §2),
 * from the pipeline and the Candidates page. The spec shows no screen for it: the texts are ours.
 */
export const companyCandidateSearchMessages = {
  queryRequired: 'Type a name, email, phone number or candidate ID to search.',
  queryTooLong: 'Search for at most {max} characters.',
  label: 'Find a candidate',
  placeholder: 'Name, email, phone or candidate ID',
  hint: 'Type at least one letter or digit; results appear as you type. Use the arrow keys to choose one.',
  searching: 'Searching…',
  failed: 'The search failed. Try again.',
  noResults: 'No candidate of your company matches “{q}”.',
  resultsOne: '1 candidate found',
  results: '{count} candidates found',
  more: 'Showing the first {count}. Type more to narrow the search.',
  appliedFor: '{job} · {stage}',
  clear: 'Clear the search',
  openApplication: 'Open {name}’s application for {job}',
};
