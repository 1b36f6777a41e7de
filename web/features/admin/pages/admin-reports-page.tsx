import { Flag } from 'lucide-react';
import { reportMessages as m } from '../../../../contract/messages/report.ts';
import { uploadMessages } from '../../../../contract/messages/upload.ts';
import type { AdminReport, ReportStatusFilter } from '../../../../contract/reports.ts';
import { reportTargetNouns, adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { pageTitles } from '../../../../contract/texts/shell-ui.ts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { Tabs, useTabs } from '../../../components/ui/tabs.tsx';
import { useRowConfirm, useRowDelete } from '../../../lib/admin-list.ts';
import { useSession } from '../../../lib/session.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { type ReportAction, useAdminReports, useDeleteUpload, useReportAction } from '../api.ts';
import { type ReportImage, ReportRow } from '../components/report-row.tsx';
import { VouchReviews } from '../components/vouch-reviews.tsx';

/** Spec §2 Admin Reports: Pending (default), Resolved, Dismissed, All Reports (read at render: their language). */
const tabs = (): Record<ReportStatusFilter, string> => ({
  pending: ui.pending,
  resolved: ui.resolved,
  dismissed: ui.dismissed,
  all: ui.allReports,
});

const success = (): Record<ReportAction, string> => ({
  resolve: m.resolved,
  dismiss: m.dismissed,
  'delete-content': m.contentDeleted,
  'ban-user': m.userBanned,
});
const failure = (): Record<ReportAction, string> => ({
  resolve: m.resolveFailed,
  dismiss: m.dismissFailed,
  'delete-content': m.deleteFailed,
  'ban-user': m.banFailed,
});

export function AdminReportsPage() {
  const { user: me } = useSession();
  const isAdmin = me?.role === 'admin';
  const { value: status, tabStrip, tabPanel } = useTabs('reports', ui.reportStatus, tabs(), 'pending');
  const query = useAdminReports(status);
  const action = useReportAction();
  const confirming = useRowConfirm<{ report: AdminReport; action: ReportAction }>();
  const imageDelete = useRowDelete<ReportImage>(
    useDeleteUpload(),
    uploadMessages.deleted,
    uploadMessages.deleteFailed,
  );

  const run = (report: AdminReport, what: ReportAction) =>
    action.mutate(
      { id: report.id, action: what },
      toastOutcome(success()[what], failure()[what], () => confirming.close()),
    );

  return (
    <Page title={pageTitles.manageReports} icon={Flag} intro={ui.reportsIntro}>
      <Tabs {...tabStrip} className="mb-4 overflow-x-auto" />
      {/* Below md the table's rows stack as cards (no sideways scrolling to reach the actions). */}
      <div
        {...tabPanel}
        className="outline-none max-md:[&_table]:block max-md:[&_tbody]:block max-md:[&_thead]:hidden"
      >
        <AdminTable
          query={query}
          texts={{ failed: m.loadFailed, loading: ui.loadingReports, empty: m.empty }}
          minWidth="md:min-w-[56rem]"
          columns={[ui.colReport, ui.colReporter, commonUi.reason, ui.colReportedContent, commonUi.actions]}
        >
          {(r) => (
            <ReportRow
              report={r}
              canBan={isAdmin && r.target.author !== null && r.target.author.id !== me?.id}
              busy={action.isPending && action.variables?.id === r.id}
              onRun={(what) => run(r, what)}
              onConfirm={(what) => confirming.ask({ report: r, action: what })}
              onDeleteImage={imageDelete.ask}
            />
          )}
        </AdminTable>
      </div>

      <VouchReviews />

      <ConfirmDialog
        {...confirming.dialog}
        title={confirming.row?.action === 'ban-user' ? ui.banUserTitle : ui.deleteContentTitle}
        message={
          confirming.row?.action === 'ban-user'
            ? ui.banConfirm(confirming.row.report.target.author?.username ?? '')
            : ui.deleteContentConfirm(reportTargetNouns[confirming.row?.report.target.type ?? 'post'])
        }
        confirmLabel={confirming.row?.action === 'ban-user' ? ui.banUserButton : ui.deleteContentButton}
        onConfirm={() => confirming.row && run(confirming.row.report, confirming.row.action)}
        pending={action.isPending}
      />
      <ConfirmDialog
        {...imageDelete.dialog}
        title={ui.deleteImage}
        message={uploadMessages.confirmDelete}
        confirmLabel={ui.deleteImage}
      />
    </Page>
  );
}
