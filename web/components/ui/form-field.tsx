import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { cn } from '../../lib/cn.ts';
import { useDomId } from '../../lib/use-dom-id.ts';
import { Button, type ButtonProps, buttonClasses } from './button.tsx';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Label, control, hint and error of one form field. The control comes from `children`, which receives
 * the ids to wire up, so any input (text, password, select) reads the same to assistive technology.
 */
export function FormField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useDomId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export const controlClasses =
  'h-11 w-full rounded-xl border border-line bg-surface px-3.5 text-sm text-fg placeholder:text-muted/70 transition-colors hover:border-muted/50 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary/40 aria-invalid:border-danger aria-invalid:focus-visible:outline-danger/40 disabled:opacity-60';

/**
 * A form's submit button on the right, under its fields; `cancel` puts Cancel before it: the page to go back
 * to, or what closes the form.
 */
export function SubmitRow({
  variant,
  loading,
  disabled,
  cancel,
  className,
  children,
}: Pick<ButtonProps, 'variant' | 'loading' | 'disabled' | 'children'> & {
  cancel?: string | (() => void);
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      {typeof cancel === 'string' ? (
        <Link to={cancel} className={buttonClasses('outline', 'md')}>
          {shellUi.cancel}
        </Link>
      ) : (
        cancel && (
          <Button variant="outline" onClick={cancel}>
            {shellUi.cancel}
          </Button>
        )
      )}
      <Button type="submit" variant={variant} disabled={disabled} loading={loading}>
        {children}
      </Button>
    </div>
  );
}
