import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { type Hook, hookEventLabels, hookKindLabels } from '../../../contract/hooks.ts';
import { hookMessages as m } from '../../../contract/messages/hook.ts';
import { webhooksUi as ui } from '../../../contract/texts/components-ui.ts';
import { formatDateLong } from '../../lib/format.ts';
import { toastOutcome } from '../../lib/toast-outcome.ts';
import { useFailureToast } from '../../lib/use-failure-toast.ts';
import { type HookBase, useHooks, useRemoveHook, useTestHook } from '../../lib/webhooks.ts';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { SkeletonRows } from './card-grid.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { EmptyState } from './empty-state.tsx';
import { SectionCard } from './section-card.tsx';
import { WebhookForm } from './webhook-form.tsx';

/**
 * "Discord & Telegram": the webhooks of a seller (/me/hooks) or of the staff (/admin/hooks), each with its
 * masked secret and status, Send test and Remove (asked first), and the form that adds one.
 */
export function WebhooksCard({ base, intro }: { base: HookBase; intro: string }) {
  const list = useHooks(base);
  useFailureToast(list.isError, `hooks-load-${base}`, ui.loadFailed);
  const remove = useRemoveHook(base);
  const [removing, setRemoving] = useState<Hook>();
  const items = list.data?.items ?? [];
  return (
    <SectionCard title={ui.title} icon={Webhook} className="flex flex-col gap-4">
      <p className="text-sm text-muted">{intro}</p>
      {list.isPending ? (
        <SkeletonRows label={ui.loading} rows={2} className="h-20 w-full rounded-xl" />
      ) : items.length === 0 ? (
        !list.isError && <EmptyState text={ui.empty} className="py-6" />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={ui.list}>
          {items.map((h) => (
            <HookRow key={h.id} base={base} hook={h} onRemove={() => setRemoving(h)} />
          ))}
        </ul>
      )}
      <WebhookForm base={base} />
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title={ui.removeTitle}
        message={ui.removeConfirm(
          removing ? hookKindLabels[removing.kind] : '',
          removing?.secretMasked ?? '',
        )}
        confirmLabel={ui.remove}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(
            removing.id,
            toastOutcome(m.removed, ui.removeFailed, () => setRemoving(undefined)),
          )
        }
      />
    </SectionCard>
  );
}

function HookRow({ base, hook, onRemove }: { base: HookBase; hook: Hook; onRemove: () => void }) {
  const test = useTestHook(base);
  const status = !hook.enabled
    ? { tone: 'danger' as const, text: ui.switchedOff }
    : hook.failures > 0
      ? { tone: 'warning' as const, text: ui.failing(hook.failures) }
      : hook.lastSentAt
        ? { tone: 'success' as const, text: ui.working }
        : { tone: 'neutral' as const, text: ui.notUsedYet };
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-line p-3"
      aria-label={hookKindLabels[hook.kind]}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{hookKindLabels[hook.kind]}</span>
        <Badge tone={status.tone}>{status.text}</Badge>
      </div>
      <code className="text-xs break-all text-muted">{hook.secretMasked}</code>
      {hook.chatId && <span className="text-xs text-muted">{ui.chat(hook.chatId)}</span>}
      <span className="text-xs text-muted">{hook.events.map((e) => hookEventLabels[e]).join(' · ')}</span>
      {hook.lastError && <span className="text-xs text-danger">{ui.lastError(hook.lastError)}</span>}
      {hook.lastSentAt && (
        <span className="text-xs text-muted">{ui.lastSent(formatDateLong(hook.lastSentAt))}</span>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={!hook.enabled}
          loading={test.isPending}
          onClick={() => test.mutate(hook.id, toastOutcome(m.testQueued, ui.testFailed))}
        >
          {ui.sendTest}
        </Button>
        <Button size="sm" variant="danger" onClick={onRemove}>
          {ui.remove}
        </Button>
      </div>
    </li>
  );
}
