import { ScrollText } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
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
  useEffect(() => {
    if (query.isError)
      toast.error(errorMessage(query.error, 'Failed to load the audit log'), { id: 'audit-load' });
  }, [query.isError, query.error]);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div>
      <PageHeader
        title="Audit Log"
        icon={<ScrollText className="size-6" aria-hidden="true" />}
        description="Every staff action, who did it and when. Entries are never edited or removed."
      />
      <AdminTable
        loading={query.isPending}
        loadingLabel="Loading the audit log…"
        isEmpty={items.length === 0}
        emptyText="No staff actions yet"
        minWidth="min-w-[48rem]"
        columns={[
          { label: 'When' },
          { label: 'Who' },
          { label: 'Action' },
          { label: 'Target' },
          { label: 'Before' },
          { label: 'After' },
        ]}
        pages={query}
      >
        {items.map((e) => (
          <tr key={e.id} className="border-b border-line align-top last:border-0">
            <td className="px-4 py-3 whitespace-nowrap text-muted">
              <time dateTime={toIsoString(e.createdAt)}>{formatDateLong(e.createdAt)}</time>
            </td>
            <td className="px-4 py-3 font-medium">{e.actor?.username ?? 'Deleted account'}</td>
            <td className="px-4 py-3">
              <Badge tone="primary">{e.action}</Badge>
            </td>
            <td className="px-4 py-3">
              <span className="text-muted">{e.targetType}</span>{' '}
              <code className="text-xs">{e.targetId.slice(0, 8)}</code>
            </td>
            <td className="max-w-56 px-4 py-3 break-words text-muted">{summarize(e.before)}</td>
            <td className="max-w-56 px-4 py-3 break-words">{summarize(e.after)}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
