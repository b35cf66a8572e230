import type { Role } from '@shared/options.ts';

const labels: Record<Role, string> = { admin: 'Admin', employer: 'Employer', candidate: 'Candidate' };

export function roleLabel(role: Role): string {
  return labels[role];
}

export function initialsOf(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts.at(-1)?.[0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}
