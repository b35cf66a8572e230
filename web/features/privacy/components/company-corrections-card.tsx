import { useState } from 'react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { QueryBody } from '@web/components/query-body.tsx';
import type { AdminPrivacyRequest } from '@shared/schemas/privacy.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { fill } from '@web/lib/fill.ts';
import { useCompanyCorrections } from '../api/privacy.ts';
import { AnswerRequestDialog } from './answer-request-dialog.tsx';

const text = messages.privacy;

/** Team → Employees: corrections people ask of the company's records, answered here (issue 18). */
export function CompanyCorrectionsCard() {
  const corrections = useCompanyCorrections();
  const [answering, setAnswering] = useState<AdminPrivacyRequest | null>(null);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>{text.companyCorrectionsTitle}</CardTitle>
        <CardDescription>{text.companyCorrectionsIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryBody query={corrections} label={text.companyCorrectionsTitle} failed={text.loadRequestsFailed} empty={text.companyCorrectionsEmpty}>
          {(rows) => (
            <ul className="divide-y divide-slate-100">
              {rows.map((request) => (
                <li key={request.id} data-testid="company-correction" className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1 basis-64 space-y-1">
                    <p className="font-medium text-slate-900">
                      {request.person?.name ?? text.personGone} · {request.reference}
                    </p>
                    <p className="text-sm text-slate-700">{request.details}</p>
                    <p className="text-xs text-slate-600">{fill(text.dueBy, { date: formatIstDate(new Date(request.due_at)) })}</p>
                  </div>
                  <Button variant="outline" size="sm" onClick={() => setAnswering(request)} aria-label={`${text.answer} ${request.reference}`}>
                    {text.answer}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryBody>
      </CardContent>
      {answering ? <AnswerRequestDialog scope="company" request={answering} onClose={() => setAnswering(null)} /> : null}
    </Card>
  );
}
