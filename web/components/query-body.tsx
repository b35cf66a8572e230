import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';

/**
 * A list's states from its query: a spinner while loading, the server's message (or `failed`) as
 * an alert, `empty` for no rows, else the rows.
 */
export function QueryBody<T extends readonly unknown[]>({
  query,
  label,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, for the spinner's accessible name. */
  label: string;
  failed: string;
  empty: string;
  children: (rows: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={label} />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(query.error, failed)}
      </p>
    );
  if (query.data.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return <>{children(query.data)}</>;
}
