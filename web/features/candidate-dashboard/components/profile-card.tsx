import { forCount } from '@shared/english.ts';
import { useState, type ReactNode } from 'react';
import { Pencil } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { RegistrationState } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { fill } from '@web/lib/fill.ts';
import { formatPhone } from '@web/lib/format-phone.ts';
import { maskUan } from '../lib/format-profile.ts';

const text = messages.candidateDashboard;
const labels = messages.candidate;

export type EditableSection = 'contact' | 'uan' | 'personal' | 'professional';
/** The form that edits a section (the registration's own), closing itself once saved or cancelled. */
export type SectionEditor = (section: EditableSection, close: () => void) => ReactNode;

function Field({ label, value, testId, note }: { label: string; value: string | null; testId?: string; note?: string | undefined }) {
  return (
    <div className={note ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={value ? 'text-sm break-words text-slate-900' : 'text-sm text-slate-500 italic'} data-testid={testId}>
        {value || text.notProvided}
      </dd>
      {note ? (
        <dd className="mt-1 text-xs text-slate-600" data-testid={testId ? `${testId}-note` : undefined}>
          {note}
        </dd>
      ) : null}
    </div>
  );
}

function Section({ title, editing, onEdit, editor, children }: { title: string; editing: boolean; onEdit?: () => void; editor?: ReactNode; children: ReactNode }) {
  return (
    <section className="border-t border-slate-100 py-4 first:border-t-0 first:pt-0" aria-label={title}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
        {onEdit && !editing ? (
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={fill(text.editSection, { section: title })}>
            <Pencil className="size-3.5" aria-hidden="true" />
            {text.editProfile}
          </Button>
        ) : null}
      </div>
      {editing ? <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">{editor}</div> : <dl className="grid gap-3 sm:grid-cols-2">{children}</dl>}
    </section>
  );
}

/** Profile: contact, UAN (masked but for the last four digits), personal and professional, each editable in place. */
export function ProfileCard({ state, renderEditor }: { state: RegistrationState; renderEditor: SectionEditor }) {
  const [editing, setEditing] = useState<EditableSection | null>(null);
  const close = () => setEditing(null);
  const sectionProps = (section: EditableSection) => ({
    editing: editing === section,
    onEdit: () => setEditing(section),
    editor: editing === section ? renderEditor(section, close) : null,
  });
  const notice = state.notice_period_days === null ? null : fill(forCount(state.notice_period_days, text.noticeDaysOne, text.noticeDays), { days: state.notice_period_days });
  const experience = state.experience_years === null ? null : fill(forCount(state.experience_years, text.experienceYearsOne, text.experienceYears), { years: state.experience_years });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.profileTitle}</CardTitle>
      </CardHeader>
      <div className="px-6 pb-6" data-testid="candidate-profile">
        <Section title={text.contactTitle} {...sectionProps('contact')}>
          <Field label={text.emailLabel} value={state.email} />
          <Field label={text.phoneLabel} value={state.phone ? formatPhone(state.phone) : null} />
        </Section>
        <Section title={text.uanLabel} {...sectionProps('uan')}>
          {/* Issue 33: registered without a UAN; say what waits for it. */}
          <Field label={labels.uan.label} value={state.uan ? maskUan(state.uan) : state.no_uan ? labels.uan.noUanYet : null} testId="profile-uan" note={state.uan === null ? labels.uan.needsUan : undefined} />
        </Section>
        <Section title={text.personalTitle} {...sectionProps('personal')}>
          <Field label={labels.personal.fullNameLabel} value={state.full_name} testId="profile-full-name" />
          <Field label={labels.personal.educationLabel} value={state.education} />
        </Section>
        <Section title={text.professionalTitle} {...sectionProps('professional')}>
          <Field label={labels.professional.currentEmployerLabel} value={state.current_employer} testId="profile-employer" />
          <Field label={labels.professional.noticePeriodLabel} value={notice} />
          <Field label={labels.professional.experienceLabel} value={experience} />
        </Section>
      </div>
    </Card>
  );
}
