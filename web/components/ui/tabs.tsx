import { type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import type { ChoiceProps } from './segmented.tsx';

/**
 * A tab strip (WAI-ARIA tabs: arrow keys move between tabs, one tab stop). The panel is the caller's:
 * give it `{...tabPanelProps(id, value)}` so it is labelled by the selected tab (or take both from `useTabs`).
 */
export function Tabs<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  className,
}: ChoiceProps<T> & { id: string }) {
  const choices = Object.entries(options) as [T, string][];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + choices.length) % choices.length;
    refs.current[next]?.focus();
    onChange(choices[next]![0]);
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn('flex flex-wrap gap-x-1 border-b border-line', className)}
    >
      {choices.map(([choice, text], i) => {
        const selected = choice === value;
        return (
          <button
            key={choice}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${choice}`}
            aria-selected={selected}
            aria-controls={`${id}-panel`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(choice)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
              selected ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {text}
          </button>
        );
      })}
    </div>
  );
}

export function tabPanelProps(id: string, value: string) {
  return {
    role: 'tabpanel',
    id: `${id}-panel`,
    'aria-labelledby': `${id}-tab-${value}`,
    tabIndex: 0,
  } as const;
}

/**
 * A tab strip kept in the component's state: the selected tab (`initial` first), the strip's props for
 * `Tabs` and the props of the panel it controls.
 */
export function useTabs<T extends string>(
  id: string,
  label: string,
  options: ChoiceProps<T>['options'],
  initial: NoInfer<T>,
) {
  const [value, setValue] = useState<T>(initial);
  return {
    value,
    tabStrip: { id, label, value, options, onChange: setValue },
    tabPanel: tabPanelProps(id, value),
  };
}
