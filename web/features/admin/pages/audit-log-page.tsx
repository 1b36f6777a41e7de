import { ScrollText } from 'lucide-react';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { pageTitles } from '../../../../contract/texts/shell-ui.ts';
import { AdminCell, AdminDateCell, AdminTable } from '../../../components/ui/admin-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { useAuditLog } from '../api.ts';

/** before/after as short "key: value" text; user content is rendered as text, never HTML. */
function summarize(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

export function AuditLogPage() {
  const query = useAuditLog();

  return (
    <Page title={pageTitles.auditLog} icon={ScrollText} intro={ui.auditIntro}>
      <AdminTable
        query={query}
        texts={{
          failed: ui.auditFailed,
          loading: ui.loadingAudit,
          empty: ui.auditEmpty,
        }}
        minWidth="min-w-[48rem]"
        columns={[ui.colWhen, ui.colWho, ui.colAction, ui.colTarget, ui.colBefore, ui.colAfter]}
      >
        {(e) => (
          <tr className="border-b border-line align-top last:border-0">
            <AdminDateCell at={e.createdAt} />
            <AdminCell className="font-medium">{e.actor?.username ?? ui.deletedAccount}</AdminCell>
            <AdminCell data>
              <Badge tone="primary">{e.action}</Badge>
            </AdminCell>
            <AdminCell data>
              <span className="text-muted">{e.targetType}</span>{' '}
              <code className="text-xs">{e.targetId.slice(0, 8)}</code>
            </AdminCell>
            <AdminCell data className="max-w-56 break-words text-muted">
              {summarize(e.before)}
            </AdminCell>
            <AdminCell data className="max-w-56 break-words">
              {summarize(e.after)}
            </AdminCell>
          </tr>
        )}
      </AdminTable>
    </Page>
  );
}
