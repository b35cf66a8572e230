import { fill } from '../../../shared/fill.ts';
import { candidateTimelineMessages as text } from '../../../shared/messages/candidate-timeline.ts';
import { pipelineMessages } from '../../../shared/messages/pipeline.ts';
import { verificationMessages } from '../../../shared/messages/verification.ts';

const when = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
const stageLabels = pipelineMessages.stageLabels as Record<string, string>;

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 200 ? value : undefined);
const date = (value: unknown): string | undefined => {
  const iso = str(value);
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) ? `${when.format(at)} IST` : undefined;
};

/**
 * An audit entry in words for the timeline. Only the few detail fields the texts name are read
 * (stages, a time, a check's subject and outcome, a tag), each checked for its type, so nothing
 * else an entry holds (reasons, flags, addresses) reaches the page.
 */
export function timelineText(action: string, details: Record<string, unknown>): string {
  const to = details.to;
  const values: Record<string, string> = {};
  const from = str(details.from);
  if (from) values.from = stageLabels[from] ?? from;
  if (str(to)) values.to = stageLabels[str(to)!] ?? str(to)!;
  const at = date(details.scheduled_at) ?? (to && typeof to === 'object' ? date((to as Record<string, unknown>).scheduled_at) : undefined);
  if (at) values.when = at;
  const subject = str(details.subject);
  if (subject) values.subject = verificationMessages.subjects[subject] ?? subject;
  const status = str(details.status);
  if (status) values.status = (verificationMessages.statuses[status] ?? status).toLowerCase();
  const tag = str(details.tag);
  if (tag) values.tag = tag;
  const template = text.actions[action];
  if (template) return fill(template, values).replace(/\s*\{\w+\}/g, '');
  // Not labelled yet: the action's own words.
  const words = action.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}
