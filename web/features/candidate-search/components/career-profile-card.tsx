import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { CAREER_LIMITS, careerProfileBodySchema, type CareerProfile, type CareerProfileInput, type CareerProfileValues } from '@shared/schemas/candidate-search.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useCareerProfile, useSaveCareerProfile } from '../api/career-profile.ts';
import { formatLakh } from '../lib/format-pay.ts';
import { TagInput } from './tag-input.tsx';
import { VerifiedMark } from './verified-mark.tsx';

const text = messages.candidateSearch;

function Value({ label, children, verified, testId }: { label: string; children: ReactNode; verified?: boolean; testId?: string }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={cn('flex flex-wrap items-center gap-2 text-sm break-words', empty ? 'text-slate-500 italic' : 'text-slate-900')} data-testid={testId}>
        {empty ? text.notProvided : children}
        {!empty && verified ? <VerifiedMark /> : null}
      </dd>
    </div>
  );
}

/** The candidate's skills, projects, location and pay, on their dashboard, with an Edit form and Verified marks. */
export function CareerProfileCard() {
  const profile = useCareerProfile();
  const [editing, setEditing] = useState(false);

  let body: ReactNode;
  if (profile.isPending) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={text.careerTitle} />
      </div>
    );
  } else if (profile.isError) {
    body = (
      <p className="text-sm text-slate-700" role={isApiError(profile.error, 409) ? undefined : 'alert'}>
        {isApiError(profile.error, 409) ? text.finishRegistration : text.careerLoadFailed}
      </p>
    );
  } else if (editing) {
    body = <CareerProfileForm profile={profile.data} onDone={() => setEditing(false)} />;
  } else {
    body = <CareerProfileView profile={profile.data} />;
  }

  return (
    <Card data-testid="career-profile">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>{text.careerTitle}</CardTitle>
          <CardDescription>{text.careerHint}</CardDescription>
        </div>
        {profile.isSuccess && !editing ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={text.careerEditLabel}>
            <Pencil className="size-3.5" aria-hidden="true" />
            {text.careerEdit}
          </Button>
        ) : null}
      </CardHeader>
      <div className="px-6 pb-6">{body}</div>
    </Card>
  );
}

function CareerProfileView({ profile }: { profile: CareerProfile }) {
  const verified = new Set(profile.verified_fields);
  const nothingYet = profile.skills.length === 0 && !profile.projects && !profile.location && profile.current_pay_lakh === null && profile.expected_pay_lakh === null;
  return (
    <div className="space-y-4">
      {nothingYet ? <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">{text.careerEmpty}</p> : null}
      <div>
        <h3 className="text-xs font-medium text-slate-500">{text.skillsLabel}</h3>
        {profile.skills.length ? (
          <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={text.skillsLabel} data-testid="career-skills">
            {profile.skills.map((skill) => (
              <li key={skill} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm text-brand-800">
                {skill}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-500 italic">{text.noSkills}</p>
        )}
      </div>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Value label={text.currentEmployerLabel} verified={verified.has('current_employer')} testId="career-employer">
          {profile.current_employer}
        </Value>
        <Value label={text.locationLabel} testId="career-location">
          {profile.location}
        </Value>
        <Value label={text.currentPayLabel} verified={verified.has('current_pay_lakh')} testId="career-current-pay">
          {profile.current_pay_lakh === null ? null : formatLakh(profile.current_pay_lakh)}
        </Value>
        <Value label={text.expectedPayLabel} testId="career-expected-pay">
          {profile.expected_pay_lakh === null ? null : formatLakh(profile.expected_pay_lakh)}
        </Value>
      </dl>
      <dl>
        <Value label={text.projectsLabel} testId="career-projects">
          {profile.projects ? <span className="whitespace-pre-line">{profile.projects}</span> : null}
        </Value>
      </dl>
    </div>
  );
}

const asText = (value: number | null) => (value === null ? '' : String(value));

function CareerProfileForm({ profile, onDone }: { profile: CareerProfile; onDone: () => void }) {
  const id = useId();
  const save = useSaveCareerProfile();
  const form = useForm<CareerProfileInput, unknown, CareerProfileValues>({
    resolver: zodResolver(careerProfileBodySchema),
    defaultValues: {
      skills: profile.skills,
      projects: profile.projects ?? '',
      location: profile.location ?? '',
      current_pay_lakh: asText(profile.current_pay_lakh),
      expected_pay_lakh: asText(profile.expected_pay_lakh),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const skillsError = errors.skills?.message ?? (Array.isArray(errors.skills) ? errors.skills.find(Boolean)?.message : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(text.careerSaved);
      onDone();
    } catch (error) {
      const reason = errorMessage(error, '');
      toast.error(text.careerSaveFailed, reason ? { description: reason } : undefined);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" aria-busy={isSubmitting} aria-label={text.careerEditLabel}>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-skills`}>{text.skillsLabel}</Label>
        <Controller
          control={form.control}
          name="skills"
          render={({ field }) => (
            <TagInput
              id={`${id}-skills`}
              value={(field.value as string[] | undefined) ?? []}
              onChange={field.onChange}
              placeholder={text.skillsPlaceholder}
              invalid={Boolean(skillsError)}
              describedBy={`${id}-skills-hint ${skillsError ? `${id}-skills-error` : ''}`.trim()}
            />
          )}
        />
        <p id={`${id}-skills-hint`} className="text-xs text-slate-500">
          {fill(text.skillsHint, { max: String(CAREER_LIMITS.skills) })}
        </p>
        <FieldError id={`${id}-skills-error`} message={skillsError} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField id={`${id}-location`} label={text.locationLabel} placeholder={text.locationPlaceholder} maxLength={CAREER_LIMITS.location} error={errors.location?.message} {...form.register('location')} />
        <TextField
          id={`${id}-current-pay`}
          label={text.currentPayLabel}
          placeholder={text.payPlaceholder}
          inputMode="decimal"
          error={errors.current_pay_lakh?.message}
          {...form.register('current_pay_lakh')}
        />
        <TextField
          id={`${id}-expected-pay`}
          label={text.expectedPayLabel}
          placeholder={text.payPlaceholder}
          inputMode="decimal"
          error={errors.expected_pay_lakh?.message}
          {...form.register('expected_pay_lakh')}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-projects`}>{text.projectsLabel}</Label>
        <textarea
          id={`${id}-projects`}
          rows={4}
          maxLength={CAREER_LIMITS.projects}
          aria-invalid={errors.projects ? true : undefined}
          aria-describedby={`${id}-projects-hint`}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500"
          {...form.register('projects')}
        />
        <p id={`${id}-projects-hint`} className="text-xs text-slate-500">
          {fill(text.projectsHint, { max: CAREER_LIMITS.projects.toLocaleString('en-IN') })}
        </p>
        <FieldError id={`${id}-projects-error`} message={errors.projects?.message} />
      </div>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          {text.careerCancel}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? text.careerSaving : text.careerSave}
        </Button>
      </div>
    </form>
  );
}
