import { Download, Gamepad2, Plus, SearchX, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheatCard } from '../../../../contract/cheats.ts';
import { isStaff } from '../../../../contract/limits.ts';
import { cheatMessages as m } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CardGridSkeleton } from '../../../components/ui/card-grid-skeleton.tsx';
import { CardTitle } from '../../../components/ui/cover-card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { WatchButton } from '../../../components/ui/watch-button.tsx';
import { formatDateShort, formatNumber, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { type CheatFilter, useCheats, useWatchCheat } from '../api.ts';
import { CheatFormDialog } from '../components/cheat-form-dialog.tsx';
import { CheatStatusBadge } from '../components/cheat-status-badge.tsx';

const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'undetected', label: 'Undetected' },
  { value: 'detected', label: 'Detected' },
  { value: 'other', label: 'Other' },
] as const;

export function CheatsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [status, setStatus] = useState<CheatFilter>('all');
  const [search, setSearch] = useState('');
  const [publishing, setPublishing] = useState(false);
  const q = useDebouncedValue(search.trim());
  const query = useCheats(status, q);

  useFailureToast(query.isError, 'cheats-load', m.loadFailed);

  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Cheat Status"
        icon={ShieldCheck}
        actions={
          user && isStaff(user.role) ? (
            <Button onClick={() => setPublishing(true)}>
              <Plus className="size-4" aria-hidden="true" />
              Publish Cheat
            </Button>
          ) : undefined
        }
      >
        Live detection status of every cheat we publish. Check before you play.
      </PageHeader>
      <div className="mb-6 flex flex-col gap-3 md:flex-row md:items-center">
        <SearchInput
          label="Search cheats"
          placeholder="Search by title or game..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="flex-1"
        />
        <Segmented
          label="Status"
          value={status}
          options={statusOptions}
          onChange={setStatus}
          className="self-start overflow-x-auto"
        />
      </div>
      {query.isPending ? (
        <CardGridSkeleton label="Loading cheats…" />
      ) : items.length === 0 ? (
        <EmptyState text={m.empty} icon={<SearchX className="size-8" aria-hidden="true" />} />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((c) => (
              <li key={c.id} className="flex">
                <Card className="flex w-full flex-col p-5 transition hover:-translate-y-0.5 hover:border-primary/40">
                  <article aria-labelledby={`cheat-${c.id}`} className="flex flex-1 flex-col">
                    <div className="flex items-start justify-between gap-3">
                      <p className="inline-flex min-w-0 items-center gap-1.5 text-xs font-medium text-muted">
                        <Gamepad2 className="size-4 shrink-0" aria-hidden="true" />
                        <span className="truncate">{c.game}</span>
                      </p>
                      <CheatStatusBadge status={c.status} />
                    </div>
                    <CardTitle id={`cheat-${c.id}`} to={`/cheats/${c.id}`} className="mt-3">
                      {c.title}
                    </CardTitle>
                    <p className="mt-2 line-clamp-2 flex-1 text-sm leading-relaxed text-muted">
                      {c.description}
                    </p>
                    <div className="mt-4 flex items-center justify-between border-t border-line pt-3 text-xs text-muted">
                      <span className="inline-flex items-center gap-1">
                        <Download className="size-3.5" aria-hidden="true" />
                        {formatNumber(c.downloads)} downloads
                      </span>
                      <span className="flex items-center gap-3">
                        <time dateTime={toIsoString(c.createdAt)}>{formatDateShort(c.createdAt)}</time>
                        {user && <CardWatch cheat={c} />}
                      </span>
                    </div>
                  </article>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore query={query} className="mt-8 flex justify-center" />
        </>
      )}
      <CheatFormDialog
        open={publishing}
        onOpenChange={setPublishing}
        onSaved={(saved) => void navigate(`/cheats/${saved.id}`)}
      />
    </div>
  );
}

/** Members watch a cheat from the board too (issue 18): alerted in the bell and by mail when its status changes. */
function CardWatch({ cheat }: { cheat: CheatCard }) {
  const watch = useWatchCheat(cheat.id);
  return (
    <WatchButton
      watching={cheat.watching}
      toggle={watch.mutateAsync}
      pending={watch.isPending}
      describedBy={`cheat-${cheat.id}`}
    />
  );
}
