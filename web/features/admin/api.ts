import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddBalanceBody } from '../../../contract/admin.ts';
import type { Role } from '../../../contract/limits.ts';
import type { ReportStatusFilter } from '../../../contract/reports.ts';
import type { VouchReviewStatus } from '../../../contract/reputation.ts';
import type { ReviewStatus, TrustLevel } from '../../../contract/trust.ts';
import { adminRoutes } from '../../lib/api-routes/admin.gen.ts';
import { auditRoutes } from '../../lib/api-routes/audit.gen.ts';
import { reportsRoutes } from '../../lib/api-routes/reports.gen.ts';
import { reputationRoutes } from '../../lib/api-routes/reputation.gen.ts';
import { reviewRoutes } from '../../lib/api-routes/review.gen.ts';
import { uploadsRoutes } from '../../lib/api-routes/uploads.gen.ts';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { forumRootKey, postsRootKey } from '../../lib/query-roots.ts';

export const adminKeys = { audit: ['admin', 'audit-log'] as const };

export function useAuditLog() {
  return usePagedQuery(adminKeys.audit, (cursor, signal) => auditRoutes.list({ cursor }, { signal }));
}

export type RoleFilter = 'all' | Role;

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, role: RoleFilter, banned: boolean) => ['admin', 'users', q, role, banned] as const,
};

export function useAdminUsers(q: string, role: RoleFilter, banned: boolean) {
  return usePagedQuery(userKeys.list(q, role, banned), (cursor, signal) =>
    adminRoutes.users({ role, banned: banned ? 'true' : 'false', q, cursor }, { signal }),
  );
}

/** Writes on members refresh the user lists and the audit log. */
function useUserMutation<V, R>(fn: (vars: V) => Promise<R>) {
  return useRefreshingMutation(fn, userKeys.all, adminKeys.audit);
}

export function useUpdateUser() {
  return useUserMutation(
    ({
      id,
      patch,
    }: {
      id: string;
      patch: { banned?: boolean; role?: Role; trustLevel?: TrustLevel | null };
    }) => adminRoutes.updateUser({ id }, patch),
  );
}

export function useAddBalance() {
  return useUserMutation(({ id, body }: { id: string; body: AddBalanceBody }) =>
    adminRoutes.addBalance({ id }, body),
  );
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => adminRoutes.dashboard({ signal }),
  });
}

export function useAdminActivity() {
  return useQuery({
    queryKey: ['admin', 'dashboard', 'activity'],
    queryFn: ({ signal }) => adminRoutes.activity({ signal }),
  });
}

// --- reports ---------------------------------------------------------------------------------------

export const reportKeys = {
  all: ['admin', 'reports'] as const,
  list: (status: ReportStatusFilter) => ['admin', 'reports', status] as const,
};

export function useAdminReports(status: ReportStatusFilter) {
  return usePagedQuery(reportKeys.list(status), (cursor, signal) =>
    reportsRoutes.list({ status, cursor }, { signal }),
  );
}

/** A staff decision on a report, by the name of its route (contract/routes/reports.ts). */
const reportActions = {
  resolve: reportsRoutes.resolve,
  dismiss: reportsRoutes.dismiss,
  'delete-content': reportsRoutes.deleteContent,
  'ban-user': reportsRoutes.banUser,
};
export type ReportAction = keyof typeof reportActions;

/** A staff decision on a report: refreshes the report lists, the dashboard, the audit log and the users. */
export function useReportAction() {
  return useRefreshingMutation(
    ({ id, action }: { id: string; action: ReportAction }): Promise<unknown> => reportActions[action]({ id }),
    reportKeys.all,
    ['admin', 'dashboard'],
    adminKeys.audit,
    userKeys.all,
  );
}

/** Staff take an uploaded image down everywhere (issue 36): the reports (their images) and audit log refresh. */
export function useDeleteUpload() {
  return useRefreshingMutation((id: string) => uploadsRoutes.remove({ id }), reportKeys.all, adminKeys.audit);
}

// --- ranks -----------------------------------------------------------------------------------------

export function useRanks(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'ranks'],
    queryFn: ({ signal }) => adminRoutes.ranks({ signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useSetRank() {
  return useUserMutation(({ id, rankId }: { id: string; rankId: string | null }) =>
    adminRoutes.setRank({ id }, { rankId }),
  );
}

// --- flagged feedback (possible vouch rings) -------------------------------------------------------

export const vouchReviewKeys = {
  all: ['admin', 'vouch-reviews'] as const,
  list: (status: VouchReviewStatus) => ['admin', 'vouch-reviews', status] as const,
};

export function useFlaggedVouches(status: VouchReviewStatus) {
  return usePagedQuery(vouchReviewKeys.list(status), (cursor, signal) =>
    reputationRoutes.flagged({ status, cursor }, { signal }),
  );
}

/** Approve (it counts) or reject (it stays out) flagged feedback; refreshes the queue and the audit log. */
export function useReviewVouch() {
  return useRefreshingMutation(
    ({ id, action }: { id: string; action: 'approve' | 'reject' }) => reputationRoutes[action]({ id }),
    vouchReviewKeys.all,
    adminKeys.audit,
  );
}

// --- the review queue (issue 36) -------------------------------------------------------------------

export const reviewKeys = {
  all: ['admin', 'review-items'] as const,
  list: (status: ReviewStatus) => ['admin', 'review-items', status] as const,
  count: ['admin', 'review-items', 'count'] as const,
};

export function useReviewQueue(status: ReviewStatus) {
  return usePagedQuery(reviewKeys.list(status), (cursor, signal) =>
    reviewRoutes.queue({ status, cursor }, { signal }),
  );
}

/** How many items wait for review: the admin menu's badge. */
export function usePendingReviewCount() {
  return useQuery({
    queryKey: reviewKeys.count,
    queryFn: ({ signal }) => reviewRoutes.count({ signal }),
    staleTime: 30_000,
  });
}

const rejections = { reject: reviewRoutes.reject, 'reject-and-ban': reviewRoutes.rejectAndBan };
export type ReviewAction = 'approve' | keyof typeof rejections;

/**
 * A decision on a queue item: refreshes the queue and its count, the audit log, the members list (a ban)
 * and the forum and feed (an approval published something).
 */
export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: ReviewAction; reason?: string }) =>
      action === 'approve'
        ? reviewRoutes.approve({ id })
        : // A missing reason is the server's to refuse (its text), as before.
          rejections[action]({ id }, { reason: reason as string }),
    onSuccess: () =>
      Promise.all(
        [reviewKeys.all, adminKeys.audit, userKeys.all, forumRootKey, postsRootKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
