import { searchSorts, type CandidateSearchFiltersInput, type SearchSort } from '@shared/schemas/candidate-search.ts';

/**
 * The search's filters as they appear in the address bar (shareable, and Back returns to the
 * previous search). Everything stays text until the server's schema reads it; skills are one
 * comma-separated parameter (a skill typed with a comma is split, as the tag input does).
 */
export interface SearchForm {
  experience_min: string;
  experience_max: string;
  notice_max: string;
  current_pay_min: string;
  current_pay_max: string;
  expected_pay_min: string;
  expected_pay_max: string;
  skills: string[];
  projects: string;
  location: string;
  only_verified: boolean;
  job_id: string;
  sort: SearchSort;
  page: number;
}

const TEXT_KEYS = ['experience_min', 'experience_max', 'notice_max', 'current_pay_min', 'current_pay_max', 'expected_pay_min', 'expected_pay_max', 'projects', 'location', 'job_id'] as const;
const NUMBER_KEYS = ['experience_min', 'experience_max', 'notice_max', 'current_pay_min', 'current_pay_max', 'expected_pay_min', 'expected_pay_max'] as const;

export const EMPTY_FORM: SearchForm = {
  experience_min: '',
  experience_max: '',
  notice_max: '',
  current_pay_min: '',
  current_pay_max: '',
  expected_pay_min: '',
  expected_pay_max: '',
  skills: [],
  projects: '',
  location: '',
  only_verified: false,
  job_id: '',
  sort: 'relevance',
  page: 1,
};

export function formFromParams(params: URLSearchParams): SearchForm {
  const form: SearchForm = { ...EMPTY_FORM, skills: [] };
  for (const key of TEXT_KEYS) form[key] = params.get(key) ?? '';
  form.skills = (params.get('skills') ?? '')
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);
  form.only_verified = params.get('only_verified') === 'true';
  const sort = params.get('sort');
  form.sort = searchSorts.includes(sort as SearchSort) ? (sort as SearchSort) : 'relevance';
  const page = Number(params.get('page'));
  form.page = Number.isInteger(page) && page >= 1 ? page : 1;
  return form;
}

export function paramsFromForm(form: SearchForm): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) if (form[key].trim()) params.set(key, form[key].trim());
  if (form.skills.length) params.set('skills', form.skills.join(','));
  if (form.only_verified) params.set('only_verified', 'true');
  if (form.sort !== 'relevance') params.set('sort', form.sort);
  if (form.page > 1) params.set('page', String(form.page));
  return params;
}

/** The filters for the API: blanks left out; numbers as numbers (text that is not a number goes as is, for the server to explain). */
export function filtersFromForm(form: SearchForm): CandidateSearchFiltersInput {
  const filters: Record<string, unknown> = {};
  for (const key of NUMBER_KEYS) {
    const value = form[key].trim();
    if (value) filters[key] = Number.isFinite(Number(value)) ? Number(value) : value;
  }
  if (form.skills.length) filters.skills = form.skills;
  if (form.projects.trim()) filters.projects = form.projects.trim();
  if (form.location.trim()) filters.location = form.location.trim();
  if (form.only_verified) filters.only_verified = true;
  if (form.job_id.trim()) filters.job_id = form.job_id.trim();
  if (form.sort !== 'relevance') filters.sort = form.sort;
  return filters as CandidateSearchFiltersInput;
}

/** A saved search's filters back into the form (page 1). */
export function formFromFilters(filters: Record<string, unknown>): SearchForm {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return formFromParams(params);
}
