import { Ban, ExternalLink, ImageOff, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminReport, ReportStatus, ReportTargetType } from '../../../../contract/reports.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { AdminCell, AdminRow } from '../../../components/ui/admin-table.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { DecisionButtons, yesNo } from '../../../components/ui/decision-buttons.tsx';
import { Img } from '../../../components/ui/img.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

const statusLabels = (): Record<ReportStatus, string> => ({
  pending: ui.pending,
  resolved: ui.resolved,
  dismissed: ui.dismissed,
});
const statusTones: Record<ReportStatus, BadgeTone> = {
  pending: 'warning',
  resolved: 'success',
  dismissed: 'neutral',
};
const typeLabels = (): Record<ReportTargetType, string> => ({
  post: ui.typePost,
  comment: ui.typeComment,
  thread: ui.typeThread,
  reply: ui.typeReply,
  cheat: ui.typeCheat,
  listing: ui.typeListing,
});

/** Spec §9: ticket and report ids are shown as their first 8 characters. */
const shortId = (id: string) => id.slice(0, 8);

export type ReportImage = AdminReport['target']['images'][number];

/**
 * The images the reported content shows (issue 36), each with "Delete image" (asked first): staff take an image
 * down everywhere it is shown, whatever else they decide about the report.
 */
function ReportedImages({
  report,
  busy,
  onDelete,
}: {
  report: AdminReport;
  busy: boolean;
  onDelete: (image: ReportImage) => void;
}) {
  const { images } = report.target;
  if (images.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={ui.imagesInReport(shortId(report.id))}>
      {images.map((image, i) => (
        <li key={image.id} className="flex items-center gap-1.5 rounded-lg border border-line p-1">
          <Img
            src={image.url}
            alt={ui.reportedImage(i + 1)}
            className="size-12 rounded object-cover"
            loading="lazy"
          />
          <Button
            variant="ghost"
            size="sm"
            className="text-danger!"
            aria-label={ui.deleteReportImage(i + 1, shortId(report.id))}
            disabled={busy}
            onClick={() => onDelete(image)}
          >
            <ImageOff className="size-4 shrink-0" aria-hidden="true" />
            {ui.deleteImage}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function ReportedContent({ report }: { report: AdminReport }) {
  const { target } = report;
  return (
    <div className="min-w-0">
      <Badge>{typeLabels()[target.type]}</Badge>
      {target.preview && target.href ? (
        <Link
          to={target.href}
          className="mt-1 line-clamp-2 font-medium break-words hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
        >
          {target.preview}
          <ExternalLink className="ml-1 inline size-3.5 align-[-2px] text-muted" aria-hidden="true" />
        </Link>
      ) : (
        <p className="mt-1 text-muted italic">{ui.contentDeleted}</p>
      )}
      {target.author && (
        <p className="mt-0.5 text-xs text-muted">
          {ui.by} <ProfileLink person={target.author} className="hover:text-primary" />
        </p>
      )}
    </div>
  );
}

/**
 * One report in Manage Reports: id, status and date; reporter; reason; the reported content; and, while
 * pending, resolve, dismiss, delete the content (asked first) and ban its author (asked first, admins only).
 */
export function ReportRow({
  report: r,
  canBan,
  busy,
  onRun,
  onConfirm,
  onDeleteImage,
}: {
  report: AdminReport;
  canBan: boolean;
  busy: boolean;
  onRun: (action: 'resolve' | 'dismiss') => void;
  onConfirm: (action: 'delete-content' | 'ban-user') => void;
  onDeleteImage: (image: ReportImage) => void;
}) {
  const pending = r.status === 'pending';
  // Banning the author is offered on pending and settled reports alike.
  const ban = canBan && (
    <BanButton username={r.target.author?.username} busy={busy} onClick={() => onConfirm('ban-user')} />
  );
  return (
    <AdminRow className="align-top max-md:flex max-md:flex-col max-md:gap-2 max-md:py-3 max-md:[&>td]:py-0">
      <AdminCell className="md:w-36">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 md:block">
          <p className="font-mono text-xs">#{shortId(r.id)}</p>
          <Badge tone={statusTones[r.status]} className="md:mt-1.5">
            {statusLabels()[r.status]}
          </Badge>
          <p className="text-xs text-muted max-md:w-full md:mt-1.5">
            <DateTime at={r.createdAt} />
          </p>
        </div>
      </AdminCell>
      <AdminCell>
        <span className="text-xs text-muted md:hidden">{ui.reportedBy} </span>
        {r.reporter ? (
          <ProfileLink person={r.reporter} className="font-medium hover:text-primary" />
        ) : (
          <span className="text-muted italic">{ui.deletedUser}</span>
        )}
      </AdminCell>
      <AdminCell className="md:max-w-60">
        <p className="line-clamp-4 break-words whitespace-pre-line" title={r.reason}>
          <span className="text-xs text-muted md:hidden">{ui.reasonLabel} </span>
          {r.reason}
        </p>
      </AdminCell>
      <AdminCell className="md:max-w-64">
        <ReportedContent report={r} />
        <ReportedImages report={r} busy={busy} onDelete={onDeleteImage} />
      </AdminCell>
      <AdminCell>
        {pending ? (
          // The two one-click settlements; deleting the content and banning are asked first.
          <DecisionButtons
            decisions={[
              ...yesNo(
                { action: 'resolve', label: ui.resolve },
                { action: 'dismiss', label: ui.dismiss },
                ui.aboutReport(shortId(r.id)),
                onRun,
              ),
              r.target.id !== null && {
                icon: Trash2,
                variant: 'danger',
                label: ui.deleteContentOf(shortId(r.id)),
                text: ui.deleteContentButton,
                onClick: () => onConfirm('delete-content'),
              },
            ]}
            busy={busy}
            iconClassName="size-4 shrink-0"
            className="max-md:pt-1 md:ml-auto md:grid md:w-76 md:grid-cols-2"
          >
            {ban}
          </DecisionButtons>
        ) : (
          <div className="flex flex-col gap-2 text-xs text-muted md:items-end md:text-right">
            <p>
              {r.resolver
                ? ui.settledBy(statusLabels()[r.status], r.resolver.username)
                : statusLabels()[r.status]}
              {r.resolvedAt && (
                <>
                  <br />
                  <DateTime at={r.resolvedAt} />
                </>
              )}
            </p>
            {ban}
          </div>
        )}
      </AdminCell>
    </AdminRow>
  );
}

/** Ban the reported content's author: shown on pending and settled reports alike. */
function BanButton({ username, busy, onClick }: { username?: string; busy: boolean; onClick: () => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="text-danger! hover:border-danger/60"
      aria-label={ui.banNamed(username ?? '')}
      disabled={busy}
      onClick={onClick}
    >
      <Ban className="size-4 shrink-0" aria-hidden="true" />
      {ui.banUserButton}
    </Button>
  );
}
