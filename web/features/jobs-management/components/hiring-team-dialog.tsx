import { useId, useState } from 'react';
import { fill } from '@shared/fill.ts';
import { hiringTeamRoleLabels, hiringTeamRoles, type HiringTeamRole } from '@shared/job-details.ts';
import { messages } from '@shared/messages.ts';
import { jobLifecycleMessages as text } from '@shared/messages/job-lifecycle.ts';
import { can, companyRoleLabels } from '@shared/permissions.ts';
import type { HiringTeam } from '@shared/schemas/jobs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { useHiringTeam, useSaveHiringTeam } from '../api/hiring-team.ts';

type Choice = HiringTeamRole | '';

/** The role each member has on the team now ('' for none). */
const choicesOf = (team: HiringTeam): Record<string, Choice> => Object.fromEntries(team.members.map((member) => [member.user_id, member.team_role]));

function TeamForm({ jobId, team, onDone }: { jobId: string; team: HiringTeam; onDone: () => void }) {
  const id = useId();
  const save = useSaveHiringTeam(jobId);
  const [choices, setChoices] = useState(() => choicesOf(team));

  async function submit() {
    const members = team.available.flatMap((member) => {
      const role = choices[member.user_id];
      return role ? [{ user_id: member.user_id, team_role: role }] : [];
    });
    try {
      await save.mutateAsync({ members });
      toast.success(text.teamSaved);
      onDone();
    } catch (error) {
      const reason = errorMessage(error, '');
      toast.error(text.teamSaveFailed, reason ? { description: reason } : undefined);
    }
  }

  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {team.available.map((member) => {
          const name = member.full_name || member.email;
          // A company interviewer cannot work the pipeline: on the team only as an interviewer.
          const roles = can(member.company_role, 'pipeline.move') ? hiringTeamRoles : (['interviewer'] as const);
          return (
            <li key={member.user_id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{name}</p>
                <p className="text-xs text-slate-600">{companyRoleLabels[member.company_role]}</p>
              </div>
              <select
                id={`${id}-${member.user_id}`}
                aria-label={fill(text.teamRoleFor, { name })}
                className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
                value={choices[member.user_id] ?? ''}
                onChange={(event) => setChoices({ ...choices, [member.user_id]: event.currentTarget.value as Choice })}
              >
                <option value="">{text.teamNone}</option>
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {hiringTeamRoleLabels[role]}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          {messages.jobsManagement.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.teamSaving : text.teamSave}
        </Button>
      </div>
    </form>
  );
}

/** Hiring team on a job's card (issue 36 §1): who is on it, as what; its recruiters and hiring managers hear of new applications. */
export function HiringTeamDialog({ job, open, onOpenChange }: { job: { id: string; title: string }; open: boolean; onOpenChange: (open: boolean) => void }) {
  const team = useHiringTeam(job.id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogTitle>{text.teamTitle}</DialogTitle>
        <DialogDescription>{text.teamDescription}</DialogDescription>
        {team.data ? (
          <TeamForm key={team.dataUpdatedAt} jobId={job.id} team={team.data} onDone={() => onOpenChange(false)} />
        ) : team.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {text.teamLoadFailed}
          </p>
        ) : (
          <div className="mt-6 flex justify-center">
            <Spinner className="size-6" label={text.teamTitle} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
