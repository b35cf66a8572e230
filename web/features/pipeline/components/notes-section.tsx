import { useState } from 'react';
import { format } from 'date-fns';
import { candidateNotesMessages as text } from '@shared/messages/candidate-notes.ts';
import type { ApplicationNote } from '@shared/schemas/candidate-record.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { useApplicationNotes, useChangeNote } from '../api/application-notes.ts';
import { NoteComposer } from './note-composer.tsx';
import { NoteText } from './note-text.tsx';

const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, h:mm a');

function NoteItem({ applicationId, note }: { applicationId: string; note: ApplicationNote }) {
  const change = useChangeNote(applicationId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (editing)
    return (
      <li className="rounded-lg border border-slate-200 p-3">
        <NoteComposer
          applicationId={applicationId}
          id={`note-edit-${note.id}`}
          initialBody={note.body}
          submitLabel={text.saveNote}
          pending={change.isPending}
          error={change.isError ? errorMessage(change.error, text.noteFailed) : undefined}
          onCancel={() => setEditing(false)}
          onSubmit={(body) =>
            change.mutate(
              { edit: note.id, body },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast.success(text.noteSaved);
                },
              },
            )
          }
        />
      </li>
    );
  return (
    <li className="space-y-1 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="application-note">
      <NoteText body={note.body} />
      <p className="text-xs text-slate-600">
        {note.author_name ?? text.formerMember} · <time dateTime={note.created_at}>{when(note.created_at)}</time>
        {note.edited_at ? ` · ${text.edited}` : ''}
      </p>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={text.deleteNote}>
          <span className="text-slate-700">{text.deleteConfirm}</span>
          <Button
            size="sm"
            variant="destructive"
            disabled={change.isPending}
            onClick={() => change.mutate({ remove: note.id }, { onSuccess: () => toast.success(text.noteDeleted), onError: (error) => toast.error(errorMessage(error, text.noteFailed)) })}
          >
            {text.deleteNote}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            {text.cancelEdit}
          </Button>
        </div>
      ) : note.can_edit || note.can_delete ? (
        <div className="flex gap-3 text-xs">
          {note.can_edit ? (
            <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setEditing(true)}>
              {text.editNote}
            </button>
          ) : null}
          {note.can_delete ? (
            <button type="button" className="font-medium text-red-700 hover:underline" onClick={() => setConfirming(true)}>
              {text.deleteNote}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Private notes on the application (issue 36 §2): the box with its mention picker, then the notes, newest first. */
export function NotesSection({ applicationId }: { applicationId: string }) {
  const notes = useApplicationNotes(applicationId);
  const add = useChangeNote(applicationId);
  return (
    <section aria-labelledby="panel-notes" className="space-y-3">
      <h3 id="panel-notes" className="font-semibold text-slate-900">
        {text.notesHeading}
      </h3>
      <NoteComposer
        applicationId={applicationId}
        id="panel-new-note"
        submitLabel={text.addNote}
        pending={add.isPending}
        error={add.isError ? errorMessage(add.error, text.noteFailed) : undefined}
        onSubmit={(body, reset) =>
          add.mutate(
            { add: body },
            {
              onSuccess: () => {
                reset();
                toast.success(text.noteAdded);
              },
            },
          )
        }
      />
      {notes.data && notes.data.length > 0 ? (
        <ul className="space-y-2" data-testid="application-notes">
          {notes.data.map((note) => (
            <NoteItem key={note.id} applicationId={applicationId} note={note} />
          ))}
        </ul>
      ) : notes.isSuccess ? (
        <p className="text-slate-500">{text.noNotes}</p>
      ) : null}
    </section>
  );
}
