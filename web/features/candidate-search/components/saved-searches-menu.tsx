import { Bookmark, ChevronDown, Trash2 } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { SavedSearch } from '@shared/schemas/candidate-search.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches.ts';

const text = messages.candidateSearch;

/** The caller's saved searches: choosing one re-applies its filters; each can be deleted. */
export function SavedSearchesMenu({ onApply }: { onApply: (search: SavedSearch) => void }) {
  const saved = useSavedSearches(true);
  const remove = useDeleteSavedSearch();
  const searches = saved.data ?? [];

  const onDelete = async (search: SavedSearch) => {
    try {
      await remove.mutateAsync(search.id);
      toast.success(text.savedSearchDeleted);
    } catch (error) {
      toast.error(text.deleteFailed, { description: errorMessage(error, '') || undefined });
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Bookmark className="size-4" aria-hidden="true" />
          {text.savedSearches}
          <ChevronDown className="size-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel>{text.savedSearches}</DropdownMenuLabel>
        {searches.length === 0 ? <p className="px-2 py-1.5 text-sm text-slate-500">{text.noSavedSearches}</p> : null}
        {searches.map((search) => (
          <DropdownMenuItem key={search.id} onSelect={() => onApply(search)}>
            {search.name}
          </DropdownMenuItem>
        ))}
        {searches.length ? <DropdownMenuSeparator /> : null}
        {searches.map((search) => (
          <DropdownMenuItem key={`delete-${search.id}`} onSelect={() => void onDelete(search)} className="text-red-700">
            <Trash2 className="size-4" aria-hidden="true" />
            {fill(text.deleteSavedSearch, { name: search.name })}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
