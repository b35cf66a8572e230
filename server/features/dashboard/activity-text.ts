import { candidateTimelineMessages } from '../../../shared/messages/candidate-timeline.ts';
import { dashboardActivityMessages as text } from '../../../shared/messages/dashboard-activity.ts';
import { timelineText } from '../pipeline/timeline-text.ts';

/**
 * An audit entry in words for Recent Activity: the company's own actions from the dashboard's
 * labels, an application's actions as its timeline says them ("Tagged urgent", "Moved from
 * Applied to Interview"), and any other action as its own words ("Plan paused"), never the raw
 * "candidate_tag_added". The timeline reads only the few detail fields its texts name.
 */
export function activityText(action: string, details: Record<string, unknown>): string {
  // An application's action is said as its timeline says it, even if the dashboard has words too.
  if (action in candidateTimelineMessages.actions) return timelineText(action, details);
  return text.actions[action] ?? timelineText(action, details);
}
