import { cn } from '../../lib/cn.ts';

/** A small set of exclusive choices (a filter); each option is a toggle button with aria-pressed. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a visible legend; this is a toolbar group
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex rounded-xl border border-line bg-surface p-1', className)}
    >
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'h-9 rounded-lg px-3.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary',
            value === o.value
              ? 'bg-primary text-white shadow-sm'
              : 'text-muted hover:bg-surface-2 hover:text-fg',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
