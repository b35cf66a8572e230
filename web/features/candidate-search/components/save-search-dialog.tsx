import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { SEARCH_LIMITS, savedSearchNameSchema, type CandidateSearchFiltersInput } from '@shared/schemas/candidate-search.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { useSaveSearch } from '../api/saved-searches.ts';

const text = messages.candidateSearch;
const nameFormSchema = z.object({ name: savedSearchNameSchema });

/** "Save search": a name for the filters on screen; a name already used is explained in the field. */
export function SaveSearchDialog({ open, onOpenChange, filters }: { open: boolean; onOpenChange: (open: boolean) => void; filters: CandidateSearchFiltersInput }) {
  const id = useId();
  const save = useSaveSearch();
  const form = useForm<{ name: string }>({ resolver: zodResolver(nameFormSchema), defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await save.mutateAsync({ name, filters });
      toast.success(text.searchSaved);
      form.reset({ name: '' });
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error, 409)) form.setError('name', { message: error.message });
      else toast.error(text.saveFailed, { description: errorMessage(error, '') || undefined });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle className="text-lg font-semibold text-slate-900">{text.saveSearchTitle}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-slate-600">{text.saveSearchHint}</DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4">
          <TextField id={`${id}-name`} label={text.searchNameLabel} maxLength={SEARCH_LIMITS.savedSearchName} autoFocus error={errors.name?.message} {...form.register('name')} />
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.careerCancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? text.saving : text.saveSearch}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
