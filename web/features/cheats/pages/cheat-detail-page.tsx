import {
  ArrowLeft,
  ArrowRight,
  CalendarClock,
  Download,
  ExternalLink,
  Gamepad2,
  History,
  LogIn,
  Pencil,
  ShieldX,
  Trash2,
  User,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { type CheatStatusChange, cheatStatusLabels } from '../../../../contract/cheats.ts';
import { isStaff } from '../../../../contract/limits.ts';
import { cheatMessages as m } from '../../../../contract/messages.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, SectionCard } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { WatchButton } from '../../../components/ui/watch-button.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { formatDateLong, formatNumber, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCheat, useDeleteCheat, useDownloadCheat, useWatchCheat } from '../api.ts';
import { CheatFormDialog } from '../components/cheat-form-dialog.tsx';
import { CheatStatusBadge } from '../components/cheat-status-badge.tsx';

const isMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

export function CheatDetailPage() {
  const { cheatId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const query = useCheat(cheatId);
  const download = useDownloadCheat();
  const remove = useDeleteCheat();
  const watch = useWatchCheat(cheatId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [readyUrl, setReadyUrl] = useState<string | null>(null);
  const failed = query.isError && !isMissing(query.error);

  useEffect(() => {
    if (!failed) return;
    toast.error(m.detailFailed, { id: 'cheat-detail' });
    void navigate('/cheats', { replace: true });
  }, [failed, navigate]);

  const back = (
    <Link to="/cheats" className={buttonClasses('ghost', 'sm', 'mb-4 -ml-2')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to cheats
    </Link>
  );

  if (query.isError && !failed) {
    return (
      <div className="mx-auto w-full max-w-4xl">
        {back}
        <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
          <ShieldX className="size-10 text-muted" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{m.notFound}</h1>
        </Card>
      </div>
    );
  }

  const cheat = query.data;
  if (!cheat) {
    return (
      <div role="status" aria-live="polite" className="mx-auto w-full max-w-4xl">
        <span className="sr-only">Loading cheat…</span>
        {back}
        <Card className="p-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="mt-4 h-8 w-2/3" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-4/5" />
        </Card>
        <Skeleton className="mt-6 h-48 w-full rounded-2xl" />
      </div>
    );
  }

  const staff = user !== null && isStaff(user.role);
  const startDownload = () =>
    download.mutate(cheat.id, {
      onSuccess: ({ url }) => {
        setReadyUrl(url);
        window.open(url, '_blank', 'noopener,noreferrer');
      },
      onError: (err) => toast.error(errorMessage(err, m.downloadFailed)),
    });
  const confirmDelete = () =>
    remove.mutate(cheat.id, {
      onSuccess: () => {
        toast.success(m.deleted);
        void navigate('/cheats', { replace: true });
      },
      onError: (err) => toast.error(errorMessage(err, m.deleteFailed)),
    });

  return (
    <div className="mx-auto w-full max-w-4xl">
      {back}
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
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="hover:text-danger"
                  onClick={() => setDeleting(true)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </Button>
              </>
            )}
          </div>
        </div>

        <p className="mt-5 leading-relaxed break-words whitespace-pre-line">{cheat.description}</p>

        <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-3">
          <div className="rounded-xl bg-surface-2 px-4 py-3">
            <dt className="flex items-center gap-1.5 text-muted">
              <Download className="size-4" aria-hidden="true" />
              Downloads
            </dt>
            <dd className="mt-1 text-lg font-semibold" data-testid="download-count">
              {formatNumber(cheat.downloads)}
            </dd>
          </div>
          <div className="rounded-xl bg-surface-2 px-4 py-3">
            <dt className="flex items-center gap-1.5 text-muted">
              <User className="size-4" aria-hidden="true" />
              Published by
            </dt>
            <dd className="mt-1 truncate font-medium">
              {cheat.publishedBy ? (
                <Link to={`/profile/${cheat.publishedBy.id}`} className="text-primary hover:underline">
                  {cheat.publishedBy.username}
                </Link>
              ) : (
                'Staff'
              )}
            </dd>
          </div>
          <div className="rounded-xl bg-surface-2 px-4 py-3">
            <dt className="flex items-center gap-1.5 text-muted">
              <CalendarClock className="size-4" aria-hidden="true" />
              Last updated
            </dt>
            <dd className="mt-1 font-medium">
              <time dateTime={toIsoString(cheat.updatedAt)}>{formatDateLong(cheat.updatedAt)}</time>
            </dd>
          </div>
        </dl>

        <div className="mt-6 flex flex-col gap-3 rounded-xl border border-line p-4 sm:flex-row sm:items-center sm:justify-between">
          {user ? (
            <>
              <p className="text-sm text-muted">
                Check the status above before you play. Downloads are counted once per member per day.
              </p>
              <Button onClick={startDownload} loading={download.isPending}>
                <Download className="size-4" aria-hidden="true" />
                Download
              </Button>
            </>
          ) : (
            <>
              <p className="text-sm text-muted">{m.loginToDownload}.</p>
              <Link to="/login" className={buttonClasses('primary', 'md')}>
                <LogIn className="size-4" aria-hidden="true" />
                Login
              </Link>
            </>
          )}
        </div>
        {readyUrl && (
          <p role="status" className="mt-3 text-sm">
            Your download is ready.{' '}
            <a
              href={readyUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              Open download link
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          </p>
        )}
      </Card>

      <SectionCard
        title="Status timeline"
        icon={<History className="size-4 text-primary" aria-hidden="true" />}
        className="mt-6"
      >
        <ol aria-label="Status timeline" className="relative ml-2 border-l border-line">
          {[...cheat.timeline].reverse().map((step) => (
            <TimelineStep key={step.id} step={step} />
          ))}
        </ol>
      </SectionCard>

      {staff && <CheatFormDialog open={editing} onOpenChange={setEditing} cheat={cheat} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete cheat"
        message={m.confirmDelete}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}

function TimelineStep({ step }: { step: CheatStatusChange }) {
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      <span
        aria-hidden="true"
        className="absolute top-1.5 -left-[5px] size-2.5 rounded-full bg-primary ring-4 ring-surface"
      />
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
        {step.from === null ? (
          <>Published as {cheatStatusLabels[step.to]}</>
        ) : (
          <>
            {cheatStatusLabels[step.from]}
            <ArrowRight className="size-4 text-muted" aria-hidden="true" />
            <span className="sr-only">{' to '}</span>
            {cheatStatusLabels[step.to]}
          </>
        )}
      </p>
      <p className="mt-0.5 text-xs text-muted">
        <time dateTime={toIsoString(step.at)}>{formatDateLong(step.at)}</time>
        {' · by '}
        {step.by ? (
          <Link to={`/profile/${step.by.id}`} className="text-primary hover:underline">
            {step.by.username}
          </Link>
        ) : (
          'a former staff member'
        )}
      </p>
    </li>
  );
}
