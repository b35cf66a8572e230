import { useState, type Ref } from 'react';
import { format } from 'date-fns';
import { Search } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { roles, type Role } from '@shared/options.ts';
import type { AdminUser } from '@shared/schemas/admin-console.ts';
import { Pager } from '@web/components/pager.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { roleLabel } from '@web/lib/role-label.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { useUsers } from '../api/get-users.ts';
import { UserActionsMenu } from './user-actions-menu.tsx';

const text = messages.adminConsole;
const SEARCH_DELAY_MS = 300;

/**
 * The Users tab of /admin (default): every user with name, email, role, company, created date and
 * status; search by name or email, filter by role, 25 a page. Each row's Manage menu changes the
 * role or suspends / restores the account.
 */
export function AdminUsersTab({ searchRef }: { searchRef?: Ref<HTMLInputElement> }) {
  const [searchInput, setSearchInput] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DELAY_MS);
  // A new search or role starts again from page 1 (reset while rendering, not in an effect).
  const [filterKey, setFilterKey] = useState(`${search}|${role}`);
  if (filterKey !== `${search}|${role}`) {
    setFilterKey(`${search}|${role}`);
    setPage(1);
  }
  const users = useUsers({ search, role, page });
  const myId = useMe().data?.user.id;

  return (
    <section aria-labelledby="admin-users-heading" className="space-y-4">
      <h2 id="admin-users-heading" className="sr-only">
        {text.usersHeading}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="admin-user-search">{text.searchLabel}</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <Input
              id="admin-user-search"
              ref={searchRef}
              type="search"
              className="pl-9"
              placeholder={text.searchPlaceholder}
              value={searchInput}
              maxLength={200}
              onChange={(event) => setSearchInput(event.target.value)}
            />
          </div>
        </div>
        <div className="space-y-1.5 sm:w-48">
          <Label htmlFor="admin-user-role">{text.roleFilterLabel}</Label>
          <select
            id="admin-user-role"
            className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
            value={role}
            onChange={(event) => setRole(event.target.value as Role | '')}
          >
            <option value="">{text.allRoles}</option>
            {roles.map((value) => (
              <option key={value} value={value}>
                {roleLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <Card className="overflow-hidden">
        {users.isError && !users.data ? (
          <div role="alert" className="flex items-center justify-between gap-4 p-6 text-sm text-red-800">
            {text.usersLoadFailed}
            <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : !users.data ? (
          <div className="flex justify-center p-10">
            <Spinner label={text.loadingUsers} />
          </div>
        ) : (
          <UsersTable users={users.data.users} myId={myId} busy={users.isFetching} />
        )}
      </Card>
      {users.isError && users.data ? (
        <p role="alert" className="text-sm text-red-700">
          {text.usersLoadFailed}
        </p>
      ) : null}

      {users.data ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600" data-testid="users-total">
            {users.data.total === 1 ? text.totalUsersOne : fill(text.totalUsers, { count: users.data.total.toLocaleString('en-IN') })}
          </p>
          <Pager
            page={users.data.page}
            pageCount={users.data.page_count}
            busy={users.isFetching}
            onPageChange={setPage}
            texts={{ label: text.usersPagination, previous: text.previous, next: text.next, pageOf: text.pageOf }}
          />
        </div>
      ) : null}
    </section>
  );
}

/** Status as a coloured badge. */
function StatusBadge({ suspended }: { suspended: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        suspended ? 'bg-red-50 text-red-700 ring-1 ring-red-200' : 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200',
      )}
    >
      {suspended ? text.statusSuspended : text.statusActive}
    </span>
  );
}

/**
 * From sm up, one column per field (email from md up); below sm, two columns: the user (every
 * field stacked) and the Manage menu, so 375 px needs no sideways scrolling.
 */
function UsersTable({ users, myId, busy }: { users: AdminUser[]; myId: string | undefined; busy: boolean }) {
  const headClass = 'px-4 py-3 font-medium';
  const wide = 'hidden sm:table-cell';
  return (
    // relative: the sr-only header text is positioned against this box, not the page.
    <div className="relative overflow-x-auto">
      <table className={cn('w-full text-left text-sm transition-opacity', busy && 'opacity-60')} aria-busy={busy}>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className={headClass}>
              {text.columnName}
            </th>
            <th scope="col" className={cn(headClass, 'hidden md:table-cell')}>
              {text.columnEmail}
            </th>
            <th scope="col" className={cn(headClass, wide)}>
              {text.columnRole}
            </th>
            <th scope="col" className={cn(headClass, wide)}>
              {text.columnCompany}
            </th>
            <th scope="col" className={cn(headClass, wide)}>
              {text.columnCreated}
            </th>
            <th scope="col" className={cn(headClass, wide)}>
              {text.columnStatus}
            </th>
            <th scope="col" className={cn(headClass, 'text-right')}>
              <span className="sr-only">{text.columnActions}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-4 py-8 text-center text-slate-500">
                {text.noUsers}
              </td>
            </tr>
          ) : (
            users.map((user) => {
              const created = format(new Date(user.created_at), 'd MMM yyyy');
              const isMe = user.id === myId;
              return (
                <tr key={user.id} data-testid="admin-user-row">
                  {/* Below sm this cell takes the row's spare width and no more (w-full, max-w-0), so what is inside can truncate. */}
                  <td className="px-4 py-3 align-top max-sm:w-full max-sm:max-w-0">
                    <span className="font-medium text-slate-900">{user.full_name || text.noName}</span>
                    {isMe ? <span className="ml-1 text-slate-500">{text.you}</span> : null}
                    {/* Issue 12, defect 8: cut with an ellipsis on one line, never broken mid-word; the whole address is in the DOM (screen readers) and the tooltip. */}
                    <span className="block truncate text-slate-500 sm:max-w-[20rem] md:hidden" title={user.email}>
                      {user.email}
                    </span>
                    <span className="mt-1 block text-xs text-slate-600 sm:hidden">
                      {roleLabel(user.role)} · {user.company_name ?? text.noCompany} · {created}
                    </span>
                    <span className="mt-1.5 block sm:hidden">
                      <StatusBadge suspended={user.suspended} />
                    </span>
                  </td>
                  <td className="hidden px-4 py-3 align-top text-slate-700 md:table-cell">
                    <span className="block max-w-[16rem] truncate" title={user.email}>
                      {user.email}
                    </span>
                  </td>
                  <td className={cn('px-4 py-3 align-top text-slate-700', wide)}>{roleLabel(user.role)}</td>
                  <td className={cn('px-4 py-3 align-top text-slate-700', wide)}>{user.company_name ?? text.noCompany}</td>
                  <td className={cn('px-4 py-3 align-top whitespace-nowrap text-slate-700', wide)}>
                    <time dateTime={user.created_at}>{created}</time>
                  </td>
                  <td className={cn('px-4 py-3 align-top', wide)}>
                    <StatusBadge suspended={user.suspended} />
                  </td>
                  <td className="px-4 py-3 text-right align-top">
                    <UserActionsMenu user={user} isMe={isMe} />
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
