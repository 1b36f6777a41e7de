import { Gamepad2, Pencil, ShieldX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { CheatDetail } from '../../../../contract/cheats.ts';
import { isStaff } from '../../../../contract/limits.ts';
import { cheatMessages as m } from '../../../../contract/messages/cheat.ts';
import { cheatUi as ui } from '../../../../contract/texts/cheat-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DetailPage, NotFoundCard, TextDetailSkeleton } from '../../../components/ui/detail-page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { WatchButton } from '../../../components/ui/watch-button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import toast from '../../../lib/toast.ts';
import { useCheat, useDeleteCheat, useWatchCheat } from '../api.ts';
import { CheatDownload } from '../components/cheat-download.tsx';
import { CheatFacts } from '../components/cheat-facts.tsx';
import { CheatFormDialog } from '../components/cheat-form-dialog.tsx';
import { CheatStatusBadge } from '../components/cheat-status-badge.tsx';
import { CheatTimeline } from '../components/cheat-timeline.tsx';

export function CheatDetailPage() {
  const { cheatId = '' } = useParams();
  return (
    <DetailPage
      query={useCheat(cheatId)}
      back={{ to: '/cheats', label: ui.back }}
      width="max-w-4xl"
      loadingLabel={ui.loadingOne}
      skeleton={
        <>
          <TextDetailSkeleton label />
          <Skeleton className="mt-6 h-48 w-full rounded-2xl" />
        </>
      }
      notFound={<NotFoundCard text={m.notFound} icon={ShieldX} />}
      failedText={m.detailFailed}
    >
      {(cheat) => <CheatView cheat={cheat} />}
    </DetailPage>
  );
}

function CheatView({ cheat }: { cheat: CheatDetail }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const remove = useDeleteCheat();
  const watch = useWatchCheat(cheat.id);
  const [editing, setEditing] = useState(false);
  const staff = user !== null && isStaff(user.role);
  const deleting = useConfirm(
    () =>
      remove.mutate(cheat.id, {
        onSuccess: () => {
          toast.success(m.deleted);
          void navigate('/cheats', { replace: true });
        },
        onError: (err) => toast.error(errorMessage(err, m.deleteFailed)),
      }),
    remove.isPending,
  );

  return (
    <>
      <Card className="p-6 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <CheatStatusBadge status={cheat.status} />
              <span className="inline-flex items-center gap-1.5 text-sm text-muted">
                <Gamepad2 className="size-4" aria-hidden="true" />
                {cheat.game}
              </span>
            </div>
            <h1 className="mt-3 text-2xl font-bold tracking-tight break-words sm:text-3xl">{cheat.title}</h1>
          </div>
          <div className="flex flex-wrap gap-2">
            {user && (
              <WatchButton watching={cheat.watching} toggle={watch.mutateAsync} pending={watch.isPending} />
            )}
            {staff && (
              <>
                <Button variant="outline" size="sm" onClick={() => setEditing(true)} icon={Pencil}>
                  {w.edit}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="hover:text-danger"
                  onClick={deleting.ask}
                  icon={Trash2}
                >
                  {commonUi.delete}
                </Button>
              </>
            )}
          </div>
        </div>

        <p className="mt-5 leading-relaxed break-words whitespace-pre-line">{cheat.description}</p>

        <CheatFacts cheat={cheat} />
        <CheatDownload cheatId={cheat.id} />
      </Card>

      <CheatTimeline timeline={cheat.timeline} />

      {staff && <CheatFormDialog open={editing} onOpenChange={setEditing} cheat={cheat} />}
      <ConfirmDialog {...deleting.dialog} title={ui.deleteCheat} message={m.confirmDelete} />
    </>
  );
}
