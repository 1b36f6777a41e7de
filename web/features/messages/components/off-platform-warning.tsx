import { ShieldAlert } from 'lucide-react';
import { directMessageTexts as t } from '../../../../contract/messages/direct-messages.ts';

/**
 * Shown under a message that names Discord, Telegram, an email or a phone between a buyer and a seller, to both
 * of them (issue 36 item 4); the server decides which messages carry it.
 */
export function OffPlatformWarning() {
  return (
    <p
      role="note"
      className="mt-1 flex max-w-full items-start gap-1.5 rounded-lg border border-amber-500/30 bg-amber-500/10 px-2.5 py-1.5 text-xs font-medium text-amber-700 dark:text-amber-400"
    >
      <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      {t.offPlatformWarning}
    </p>
  );
}
