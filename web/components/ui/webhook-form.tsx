import type { z } from 'zod';
import {
  hookEventLabels,
  hookKindLabels,
  hookKinds,
  sellerHookBody,
  sellerHookEvents,
  staffHookBody,
  staffHookEvents,
} from '../../../contract/hooks.ts';
import { hookMessages as m } from '../../../contract/messages/hook.ts';
import { commonUi } from '../../../contract/texts/common-ui.ts';
import { webhooksUi as ui } from '../../../contract/texts/components-ui.ts';
import { useZodForm } from '../../lib/forms.ts';
import { toastOutcome } from '../../lib/toast-outcome.ts';
import { useDomId } from '../../lib/use-dom-id.ts';
import { type HookBase, useAddHook } from '../../lib/webhooks.ts';
import { SubmitRow } from './form-field.tsx';
import { Input } from './input.tsx';
import { Options, Select } from './select.tsx';

type Schema = typeof sellerHookBody | typeof staffHookBody;

/** Each area's body (its server route checks the same) and the events it may choose. */
const areaForms = {
  '/me/hooks': { schema: sellerHookBody, events: sellerHookEvents },
  '/admin/hooks': { schema: staffHookBody, events: staffHookEvents },
} as const;

/** Adds a Discord webhook (its URL) or a Telegram bot (token and chat id), taking the chosen events. */
export function WebhookForm({ base }: { base: HookBase }) {
  const { schema, events } = areaForms[base];
  const add = useAddHook(base);
  const form = useZodForm(schema as typeof sellerHookBody, {
    defaultValues: { kind: 'discord', url: '', botToken: '', chatId: '', events: [...events] as never },
  });
  const kind = form.watch('kind');
  const eventsError = form.formState.errors.events;
  const eventsMessage =
    eventsError?.message ?? (eventsError as unknown as { root?: { message?: string } })?.root?.message;
  const legendId = useDomId();
  const errorId = useDomId();
  const submit = form.handleSubmit((body: z.output<Schema>) =>
    add.mutate(body, {
      ...toastOutcome(m.added, m.refused, () =>
        form.reset({ kind: body.kind, url: '', botToken: '', chatId: '', events: [...events] as never }),
      ),
      onError: form.failed(m.refused, ['url', 'botToken', 'chatId', 'events']),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={ui.addForm}>
      <Select label={commonUi.type} {...form.field('kind')}>
        <Options values={hookKinds} labels={hookKindLabels} />
      </Select>
      {kind === 'discord' ? (
        <Input
          label={ui.url}
          placeholder="https://discord.com/api/webhooks/…"
          translate="no"
          autoComplete="off"
          spellCheck={false}
          {...form.field('url')}
        />
      ) : (
        <>
          <Input label={ui.botToken} autoComplete="off" spellCheck={false} {...form.field('botToken')} />
          <Input label={ui.chatId} placeholder={ui.chatIdPlaceholder} {...form.field('chatId')} />
        </>
      )}
      <fieldset aria-labelledby={legendId} aria-describedby={eventsMessage ? errorId : undefined}>
        <legend id={legendId} className="mb-1 text-sm font-medium">
          {ui.sendMe}
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {events.map((e) => (
            <label key={e} className="inline-flex min-h-6 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={e}
                className="size-4 cursor-pointer rounded accent-primary"
                {...form.register('events')}
              />
              {hookEventLabels[e]}
            </label>
          ))}
        </div>
        {eventsMessage && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
            {eventsMessage}
          </p>
        )}
      </fieldset>
      <SubmitRow loading={add.isPending}>{ui.add}</SubmitRow>
    </form>
  );
}
