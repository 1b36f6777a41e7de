import { cn } from '../../lib/cn.ts';

/** A control choosing one value of `T`: its accessible name, the value, the choices and the change. */
export interface ChoiceProps<T extends string> {
  label: string;
  value: T;
  /** Each choice's label by its value, in order. */
  options: { readonly [V in T]?: string };
  onChange: (value: T) => void;
  className?: string;
}

/** A small set of exclusive choices (a filter); each option is a toggle button with aria-pressed. */
export function Segmented<T extends string>({ label, value, options, onChange, className }: ChoiceProps<T>) {
  const choices = Object.entries(options) as [T, string][];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a visible legend; this is a toolbar group
    <div
      role="group"
      aria-label={label}
      className={cn(
        'inline-flex max-w-full flex-wrap rounded-xl border border-line bg-surface p-1',
        className,
      )}
    >
      {choices.map(([choice, text]) => (
        <button
          key={choice}
          type="button"
          aria-pressed={value === choice}
          onClick={() => onChange(choice)}
          className={cn(
            'h-9 rounded-lg px-3.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary',
            value === choice
              ? 'bg-primary text-white shadow-sm'
              : 'text-muted hover:bg-surface-2 hover:text-fg',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
