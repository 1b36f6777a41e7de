import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn.ts';
import { useDomId } from '../../lib/use-dom-id.ts';

/**
 * Radio buttons drawn as cards, registered with react-hook-form; the field's message under them. `layout`
 * sets the cards side by side (a grid) where they are few and short; by default they stack.
 */
export function ChoiceCards<T extends string>({
  legend,
  value,
  choices,
  register: { error, ...register },
  layout = 'flex flex-col gap-2',
}: {
  legend: string;
  value: T | undefined;
  choices: { value: T; label: string; note?: ReactNode }[];
  register: UseFormRegisterReturn & { error: string | undefined };
  layout?: string;
}) {
  const errorId = useDomId();
  const cards = choices.map((c) => (
    <label
      key={c.value}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm transition-colors',
        value === c.value ? 'border-primary bg-primary/5' : 'border-line hover:border-muted/50',
      )}
    >
      <input type="radio" value={c.value} className="mt-0.5 size-4 shrink-0 accent-primary" {...register} />
      <span className="min-w-0">
        <span className="block font-medium">{c.label}</span>
        {c.note && <span className="mt-0.5 block text-xs break-words text-muted">{c.note}</span>}
      </span>
    </label>
  ));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className={layout}>{cards}</div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
