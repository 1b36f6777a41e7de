import { Ban, Check, ExternalLink, Flag, Trash2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { reportMessages as m } from '../../../../contract/messages.ts';
import type {
  AdminReport,
  ReportStatus,
  ReportStatusFilter,
  ReportTargetType,
} from '../../../../contract/reports.ts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { type ReportAction, useAdminReports, useReportAction } from '../api.ts';
import { VouchReviews } from '../components/vouch-reviews.tsx';

/** Spec §2 Admin Reports: Pending (default), Resolved, Dismissed, All Reports. */
const tabs = [
  { value: 'pending', label: 'Pending' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'all', label: 'All Reports' },
] as const satisfies readonly { value: ReportStatusFilter; label: string }[];

const statusLabels: Record<ReportStatus, string> = {
  pending: 'Pending',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};
const statusTones: Record<ReportStatus, BadgeTone> = {
  pending: 'warning',
  resolved: 'success',
  dismissed: 'neutral',
};
const typeLabels: Record<ReportTargetType, string> = {
  post: 'Post',
  comment: 'Comment',
  thread: 'Forum post',
  reply: 'Forum reply',
  cheat: 'Cheat',
  listing: 'Listing',
};

const success: Record<ReportAction, string> = {
  resolve: m.resolved,
  dismiss: m.dismissed,
  'delete-content': m.contentDeleted,
  'ban-user': m.userBanned,
};
const failure: Record<ReportAction, string> = {
  resolve: m.resolveFailed,
  dismiss: m.dismissFailed,
  'delete-content': m.deleteFailed,
  'ban-user': m.banFailed,
};

/** Spec §9: ticket and report ids are shown as their first 8 characters. */
const shortId = (id: string) => id.slice(0, 8);

function ReportedContent({ report }: { report: AdminReport }) {
  const { target } = report;
  return (
    <div className="min-w-0">
      <Badge>{typeLabels[target.type]}</Badge>
      {target.preview && target.href ? (
        <Link
          to={target.href}
          className="mt-1 line-clamp-2 font-medium break-words hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
        >
          {target.preview}
          <ExternalLink className="ml-1 inline size-3.5 align-[-2px] text-muted" aria-hidden="true" />
        </Link>
      ) : (
        <p className="mt-1 text-muted italic">Content deleted</p>
      )}
      {target.author && (
        <p className="mt-0.5 text-xs text-muted">
          by{' '}
          <Link to={`/profile/${target.author.id}`} className="hover:text-primary">
            {target.author.username}
          </Link>
        </p>
      )}
    </div>
  );
}

export function AdminReportsPage() {
  const { user: me } = useSession();
  const isAdmin = me?.role === 'admin';
  const [status, setStatus] = useState<ReportStatusFilter>('pending');
  const query = useAdminReports(status);
  const action = useReportAction();
  const [confirming, setConfirming] = useState<{ report: AdminReport; action: ReportAction } | undefined>();

  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, m.loadFailed), { id: 'admin-reports-load' });
  }, [query.isError, query.error]);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  const run = (report: AdminReport, what: ReportAction) =>
    action.mutate(
      { id: report.id, action: what },
      {
        onSuccess: () => {
          toast.success(success[what]);
          setConfirming(undefined);
        },
        onError: (err) => toast.error(errorMessage(err, failure[what])),
      },
    );
  const busy = (report: AdminReport) => action.isPending && action.variables?.id === report.id;

  return (
    <div>
      <PageHeader
        title="Manage Reports"
        icon={<Flag className="size-6" aria-hidden="true" />}
        description="Review what members reported: resolve, dismiss, delete the content or ban its author."
      />
      <Tabs
        id="reports"
        label="Report status"
        value={status}
        options={tabs}
        onChange={setStatus}
        className="mb-4 overflow-x-auto"
      />
      {/* Below md the table's rows stack as cards (no sideways scrolling to reach the actions). */}
      <div
        {...tabPanelProps('reports', status)}
        className="outline-none max-md:[&_table]:block max-md:[&_tbody]:block max-md:[&_thead]:hidden"
      >
        <AdminTable
          loading={query.isPending}
          loadingLabel="Loading reports…"
          isEmpty={items.length === 0}
          emptyText={m.empty}
          minWidth="md:min-w-[56rem]"
          columns={[
            { label: 'Report' },
            { label: 'Reporter' },
            { label: 'Reason' },
            { label: 'Reported content' },
            { label: 'Actions', align: 'right' },
          ]}
          pages={query}
        >
          {items.map((r) => {
            const pending = r.status === 'pending';
            const canBan = isAdmin && r.target.author !== null && r.target.author.id !== me?.id;
            return (
              <tr
                key={r.id}
                className="border-b border-line align-top last:border-0 hover:bg-surface-2/50 max-md:flex max-md:flex-col max-md:gap-2 max-md:py-3 max-md:[&>td]:py-0"
              >
                <td className="px-4 py-3 md:w-36">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 md:block">
                    <p className="font-mono text-xs">#{shortId(r.id)}</p>
                    <Badge tone={statusTones[r.status]} className="md:mt-1.5">
                      {statusLabels[r.status]}
                    </Badge>
                    <p className="text-xs text-muted max-md:w-full md:mt-1.5">
                      <time dateTime={toIsoString(r.createdAt)}>{formatDateLong(r.createdAt)}</time>
                    </p>
                  </div>
                </td>
                <td className="px-4 py-3">
                  <span className="text-xs text-muted md:hidden">Reported by </span>
                  {r.reporter ? (
                    <Link to={`/profile/${r.reporter.id}`} className="font-medium hover:text-primary">
                      {r.reporter.username}
                    </Link>
                  ) : (
                    <span className="text-muted italic">Deleted user</span>
                  )}
                </td>
                <td className="px-4 py-3 md:max-w-60">
                  <p className="line-clamp-4 break-words whitespace-pre-line" title={r.reason}>
                    <span className="text-xs text-muted md:hidden">Reason: </span>
                    {r.reason}
                  </p>
                </td>
                <td className="px-4 py-3 md:max-w-64">
                  <ReportedContent report={r} />
                </td>
                <td className="px-4 py-3">
                  {pending ? (
                    <div className="flex flex-wrap gap-2 max-md:pt-1 md:ml-auto md:grid md:w-76 md:grid-cols-2">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Resolve report ${shortId(r.id)}`}
                        disabled={busy(r)}
                        onClick={() => run(r, 'resolve')}
                      >
                        <Check className="size-4 shrink-0" aria-hidden="true" />
                        Resolve
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Dismiss report ${shortId(r.id)}`}
                        disabled={busy(r)}
                        onClick={() => run(r, 'dismiss')}
                      >
                        <X className="size-4 shrink-0" aria-hidden="true" />
                        Dismiss
                      </Button>
                      {r.target.id && (
                        <Button
                          variant="danger"
                          size="sm"
                          aria-label={`Delete content of report ${shortId(r.id)}`}
                          disabled={busy(r)}
                          onClick={() => setConfirming({ report: r, action: 'delete-content' })}
                        >
                          <Trash2 className="size-4 shrink-0" aria-hidden="true" />
                          Delete Content
                        </Button>
                      )}
                      {canBan && (
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-danger! hover:border-danger/60"
                          aria-label={`Ban ${r.target.author?.username ?? ''}`}
                          disabled={busy(r)}
                          onClick={() => setConfirming({ report: r, action: 'ban-user' })}
                        >
                          <Ban className="size-4 shrink-0" aria-hidden="true" />
                          Ban User
                        </Button>
                      )}
                    </div>
                  ) : (
                    <div className="flex flex-col gap-2 text-xs text-muted md:items-end md:text-right">
                      <p>
                        {statusLabels[r.status]}
                        {r.resolver && ` by ${r.resolver.username}`}
                        {r.resolvedAt && (
                          <>
                            <br />
                            <time dateTime={toIsoString(r.resolvedAt)}>{formatDateLong(r.resolvedAt)}</time>
                          </>
                        )}
                      </p>
                      {canBan && (
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-danger! hover:border-danger/60"
                          aria-label={`Ban ${r.target.author?.username ?? ''}`}
                          disabled={busy(r)}
                          onClick={() => setConfirming({ report: r, action: 'ban-user' })}
                        >
                          <Ban className="size-4 shrink-0" aria-hidden="true" />
                          Ban User
                        </Button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </div>

      <VouchReviews />

      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={confirming?.action === 'ban-user' ? 'Ban user' : 'Delete content'}
        message={
          confirming?.action === 'ban-user'
            ? `Ban ${confirming.report.target.author?.username ?? ''}? They are signed out everywhere at once and cannot sign in.`
            : `Delete this ${typeLabels[confirming?.report.target.type ?? 'post'].toLowerCase()} and resolve the report? This action cannot be undone.`
        }
        confirmLabel={confirming?.action === 'ban-user' ? 'Ban User' : 'Delete Content'}
        onConfirm={() => confirming && run(confirming.report, confirming.action)}
        pending={action.isPending}
      />
    </div>
  );
}
