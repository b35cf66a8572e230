import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { activityText } from '../../server/features/dashboard/activity-text.ts';
import { projectRoot } from '../../server/paths.ts';
import { dashboardActivityMessages } from '../../shared/messages/dashboard-activity.ts';
import { candidateTimelineMessages } from '../../shared/messages/candidate-timeline.ts';

/** Every `action: '…'` literal (a ternary's two included) of the writeAudit calls in server/ that name a company (not `companyId: null`). */
function companyAuditActions(): Set<string> {
  const actions = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const source = fs.readFileSync(full, 'utf8');
        for (const call of source.split('writeAudit(').slice(1)) {
          const head = call.slice(0, 600);
          if (/companyId:\s*null\b/.test(head)) continue;
          // The value up to its comma: a literal, or a ternary of two.
          const action = /action:\s*((?:[^,'\n]|'[^']*')*)/.exec(head)?.[1] ?? '';
          for (const [, name] of action.matchAll(/'([a-z]+(?:_[a-z]+)+)'/g)) actions.add(name!);
        }
      }
    }
  };
  walk(path.join(projectRoot, 'server', 'features'));
  return actions;
}

/** Review of issue 36: Recent Activity showed raw action names ("candidate_tag_added"). */
describe('Recent Activity in words', () => {
  it('has a label for every action the server audits for a company', () => {
    const actions = companyAuditActions();
    // The scan finds the calls (a guard against the scan itself breaking).
    expect(actions.size).toBeGreaterThan(60);
    for (const action of ['job_created', 'candidate_tag_added', 'team_member_invited', 'interview_scheduled']) expect(actions).toContain(action);
    const unlabelled = [...actions].filter((action) => !(action in dashboardActivityMessages.actions) && !(action in candidateTimelineMessages.actions));
    expect(unlabelled).toEqual([]);
  });

  it('uses the dashboard label, else the timeline sentence, else the action in its own words', () => {
    expect(activityText('job_created', {})).toBe('Posted a job');
    expect(activityText('candidate_tag_added', { tag: 'Referral' })).toBe('Tagged Referral');
    expect(activityText('application_stage_changed', { from: 'applied', to: 'interview' })).toMatch(/^Moved from \S+ to \S+/);
    expect(activityText('plan_paused_for_review', {})).toBe('Plan paused for review');
  });

  it('names no detail its label does not ask for', () => {
    expect(activityText('account_name_changed', { from: 'Old Name', to: 'New Name' })).toBe('Changed their name');
    expect(activityText('privacy_correction_requested', { subject: 'Date of birth', reference: 'PR-1' })).toBe('Asked for a correction of their data');
  });
});
