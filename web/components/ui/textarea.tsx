import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses, FormField } from './form-field.tsx';

/** A labelled multi-line input; works with react-hook-form's `register()`. */
export function Textarea({
  label,
  error,
  hint,
  className,
  rows = 5,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode }) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          {...props}
          className={cn(controlClasses, 'h-auto min-h-24 resize-y py-2.5 leading-relaxed')}
        />
      )}
    </FormField>
  );
}
