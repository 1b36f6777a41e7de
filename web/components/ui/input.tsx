import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses, FormField } from './form-field.tsx';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled text input; works with react-hook-form's `register()` (React 19 passes `ref` as a prop). */
export function Input({ label, error, hint, className, ...props }: InputProps) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} {...props} className={controlClasses} />}
    </FormField>
  );
}

/** A whole-number field (money and counts are integers): the number input with a numeric keypad. */
export function WholeNumberInput(props: InputProps) {
  return <Input type="number" inputMode="numeric" {...props} />;
}

export function Checkbox({
  label,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className={cn('inline-flex cursor-pointer items-center gap-2 text-sm text-fg', className)}>
      <input type="checkbox" className="size-4 cursor-pointer rounded accent-primary" {...props} />
      {label}
    </label>
  );
}
