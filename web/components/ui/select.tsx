import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses, FormField } from './form-field.tsx';

/** A labelled native select; works with react-hook-form's `register()`. */
export function Select({
  label,
  error,
  hint,
  className,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; hint?: ReactNode }) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...control} {...props} className={cn(controlClasses, 'cursor-pointer')}>
          {children}
        </select>
      )}
    </FormField>
  );
}

/** A select's options: `values` in their order, each shown by its label. */
export function Options<T extends string>({
  values,
  labels,
}: {
  values: readonly T[];
  labels: Record<T, string>;
}) {
  return values.map((v) => (
    <option key={v} value={v}>
      {labels[v]}
    </option>
  ));
}
