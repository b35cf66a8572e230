import { useState } from 'react';
import { FileSignature, Pencil, Upload, UserMinus, UserPlus } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { employeeStatusFilters, type Employee, type EmployeeStatusFilter } from '@shared/schemas/employment.ts';
import type { LetterKind } from '@shared/schemas/letters.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { can } from '@shared/permissions.ts';
import { CompanyCorrectionsCard } from '@web/features/privacy/components/company-corrections-card.tsx';
import { useCan } from '@web/lib/session/use-can.ts';
import { IssueLetterDialog } from '@web/features/letters/components/issue-letter-dialog.tsx';
import { useEmployees } from '../api/get-employees.ts';
import { useLiveEmployees } from '../hooks/use-live-employment.ts';
import { employeeName } from '../lib/employee-name.ts';
import { formatDay } from '../lib/format-dates.ts';
import { AddEmployeeDialog } from './add-employee-dialog.tsx';
import { EditEmploymentDialog } from './edit-employment-dialog.tsx';
import { ImportEmployeesDialog } from './import-employees-dialog.tsx';
import { RelieveDialog } from './relieve-dialog.tsx';
import { TeamNav } from './team-nav.tsx';

const text = messages.employment;
const headers = [text.columnName, text.columnCandidateId, text.columnTitle, text.columnJoined, text.columnLastDay, text.columnStatus, text.columnSource];

const STATUS_LOOK: Record<Employee['status'], string> = {
  joining: 'bg-sky-50 text-sky-800 ring-sky-200',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  notice: 'bg-amber-50 text-amber-900 ring-amber-200',
  relieved: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** Where the employment stands today: a joining date ahead or a notice period says its date. */
function StatusBadge({ employee }: { employee: Employee }) {
  const label =
    employee.status === 'joining'
      ? fill(text.joiningOn, { date: formatDay(employee.joining_date) })
      : employee.status === 'notice' && employee.last_working_day
        ? fill(text.servingNoticeUntil, { date: formatDay(employee.last_working_day) })
        : text.statusLabels[employee.status];
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${STATUS_LOOK[employee.status]}`}>{label}</span>;
}

/** An employment added directly waits for the person: until then it is the company's word alone. */
function ConfirmationBadge({ employee }: { employee: Employee }) {
  if (employee.confirmation === 'confirmed') return null;
  const look = employee.confirmation === 'declined' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-slate-50 text-slate-700 ring-slate-300';
  return (
    <span className={`mt-1 inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${look}`}>
      {text.confirmationLabels[employee.confirmation]}
    </span>
  );
}

/** Letters vouch for what has happened, about someone who confirmed the employment (issue 33 A1, A2). */
function letterKinds(employee: Employee): LetterKind[] {
  if (employee.confirmation !== 'confirmed') return [];
  if (employee.status === 'relieved') return ['experience', 'relieving'];
  if (employee.status === 'notice') return [];
  return ['appointment'];
}

function EmployeeRow({ employee }: { employee: Employee }) {
  const [dialog, setDialog] = useState<'edit' | 'relieve' | 'letter' | null>(null);
  const canIssue = useCan('letters.issue');
  const name = employeeName(employee);
  const kinds = letterKinds(employee);
  const letterButton = canIssue && kinds.length > 0 ? (
    <Button variant="outline" size="sm" aria-label={fill(messages.letters.issueNamed, { name })} onClick={() => setDialog('letter')}>
      <FileSignature className="size-4" aria-hidden="true" />
      {messages.letters.issueShort}
    </Button>
  ) : null;
  return (
    <tr data-testid="employee-row" aria-label={name}>
      <td className="px-4 py-3 font-medium text-slate-900">
        {employee.full_name ?? <span className="font-normal whitespace-nowrap text-slate-500 italic">{text.awaitingName}</span>}
      </td>
      <td className="px-4 py-3 font-mono text-xs text-slate-700">{employee.candidate_code ?? '—'}</td>
      <td className="px-4 py-3 text-slate-700">{employee.title}</td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDay(employee.joining_date)}</td>
      <td className="px-4 py-3 text-slate-700">
        {employee.last_working_day ? <span className="whitespace-nowrap">{formatDay(employee.last_working_day)}</span> : '—'}
        {employee.relieving_reason ? <p className="mt-0.5 max-w-56 text-xs break-words text-slate-500">{employee.relieving_reason}</p> : null}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-col items-start">
          <StatusBadge employee={employee} />
          <ConfirmationBadge employee={employee} />
        </div>
      </td>
      <td className="px-4 py-3 text-slate-700">{employee.job_title ?? <span className="text-slate-500">{text.addedDirectly}</span>}</td>
      <td className="px-4 py-3 text-right whitespace-nowrap">
        {(employee.status === 'active' || employee.status === 'joining') && employee.confirmation !== 'declined' ? (
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" aria-label={fill(text.editNamed, { name })} onClick={() => setDialog('edit')}>
              <Pencil className="size-4" aria-hidden="true" />
              {text.edit}
            </Button>
            <Button variant="outline" size="sm" aria-label={fill(text.relieveNamed, { name })} onClick={() => setDialog('relieve')}>
              <UserMinus className="size-4" aria-hidden="true" />
              {text.relieve}
            </Button>
            {letterButton}
          </div>
        ) : (
          <div className="flex justify-end gap-2">{letterButton}</div>
        )}
        {/* Mounted only while open, so each opening starts from the row's current values. */}
        {dialog === 'edit' ? <EditEmploymentDialog employee={employee} open onOpenChange={(open) => setDialog(open ? 'edit' : null)} /> : null}
        {dialog === 'letter' ? (
          <IssueLetterDialog
            kinds={kinds}
            target={{ employment_id: employee.id }}
            name={name}
            open
            onOpenChange={(open) => setDialog(open ? 'letter' : null)}
          />
        ) : null}
        {dialog === 'relieve' ? <RelieveDialog employee={employee} open onOpenChange={(open) => setDialog(open ? 'relieve' : null)} /> : null}
      </td>
    </tr>
  );
}

/** /dashboard/team/employees: the company's employees, current and relieved. */
export function EmployeesPage() {
  const user = useMe().data?.user;
  const companyId = user?.company_id ?? null;
  const [status, setStatus] = useState<EmployeeStatusFilter>('active');
  const employees = useEmployees(status, companyId !== null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const canManage = useCan('employees.manage');
  useLiveEmployees(companyId);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <TeamNav />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.employeesTitle}</h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{text.employeesIntro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canManage ? (
            <Button variant="outline" onClick={() => setImporting(true)} disabled={companyId === null}>
              <Upload className="size-4" aria-hidden="true" />
              {text.importEmployees}
            </Button>
          ) : null}
          <Button onClick={() => setAdding(true)} disabled={companyId === null}>
            <UserPlus className="size-4" aria-hidden="true" />
            {text.addEmployee}
          </Button>
        </div>
      </div>
      {adding ? <AddEmployeeDialog open onOpenChange={setAdding} /> : null}
      {/* Mounted only while open, so each opening starts with no file. */}
      {importing ? <ImportEmployeesDialog open onOpenChange={setImporting} /> : null}
      <div>
        <Tabs value={status} onValueChange={(value) => setStatus(value as EmployeeStatusFilter)}>
          <TabsList aria-label={text.filterLabel}>
            {employeeStatusFilters.map((filter) => (
              <TabsTrigger key={filter} value={filter}>
                {text.filters[filter]}
              </TabsTrigger>
            ))}
          </TabsList>
          {/* The list is the active tab's panel, so the tab's aria-controls names a real element. */}
          <TabsContent value={status} className="mt-6">
      <Card className="overflow-x-auto">
        {companyId === null || employees.isError ? (
          <div className="p-6 text-sm text-slate-700" role="alert">
            <p>{text.employeesLoadFailed}</p>
            {companyId === null ? (
              <p className="mt-1 text-slate-500">{messages.profile.notInCompany}</p>
            ) : (
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void employees.refetch()}>
                {text.retry}
              </Button>
            )}
          </div>
        ) : employees.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner label={text.loadingEmployees} />
          </div>
        ) : (
          <>
          {employees.data.some((employee) => employee.confirmation === 'unconfirmed') ? (
            <p className="border-b border-slate-200 px-4 py-3 text-sm text-slate-600">
              <span className="font-medium text-slate-800">{text.confirmationLabels.unconfirmed}:</span> {text.unconfirmedHint}
            </p>
          ) : null}
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                {headers.map((header) => (
                  <th key={header} scope="col" className="px-4 py-3 font-medium">
                    {header}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  {text.columnActions}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {employees.data.length === 0 ? (
                <tr>
                  <td colSpan={headers.length + 1} className="px-4 py-6 text-slate-500">
                    {text.noEmployees[status]}
                  </td>
                </tr>
              ) : (
                employees.data.map((employee) => <EmployeeRow key={employee.id} employee={employee} />)
              )}
            </tbody>
          </table>
          </>
        )}
      </Card>
          </TabsContent>
        </Tabs>
      </div>
      {companyId !== null && can(user?.company_role ?? null, 'employees.manage') ? <CompanyCorrectionsCard /> : null}
    </div>
  );
}
