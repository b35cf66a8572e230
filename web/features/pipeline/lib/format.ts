import { forCount } from '@shared/english.ts';
import { messages } from '@shared/messages.ts';
import type { PipelineApplication, PipelineStage } from '@shared/schemas/pipeline.ts';
import { fill } from '@web/lib/fill.ts';

const text = messages.pipeline;

export const stageLabel = (stage: PipelineStage) => text.stageLabels[stage];

export function sourceLabel(application: Pick<PipelineApplication, 'source' | 'source_drive_name'>): string {
  if (application.source === 'drive' && application.source_drive_name) return fill(text.sourceDrive, { name: application.source_drive_name });
  return text.sourceLabels[application.source];
}

export const experienceText = (years: number | null) => (years === null ? text.experienceUnknown : fill(forCount(years, text.experienceOne, text.experience), { years }));
export const noticeText = (days: number | null) => (days === null ? text.noticeUnknown : fill(forCount(days, text.noticeOne, text.notice), { days }));
export const subjectLabel = (subject: string) => text.verificationSubjects[subject] ?? subject;
