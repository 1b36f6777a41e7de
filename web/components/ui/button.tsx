import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 select-none items-center justify-center gap-2 rounded-xl font-medium whitespace-nowrap transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:pointer-events-none disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-white shadow-sm shadow-primary/25 hover:bg-secondary',
  secondary: 'bg-surface-2 text-fg hover:bg-line',
  ghost: 'text-muted hover:bg-surface-2 hover:text-fg',
  outline: 'border border-line bg-surface text-fg hover:border-primary/60 hover:bg-surface-2',
  danger: 'bg-danger text-white hover:opacity-90',
  inverse: 'bg-white text-secondary shadow-sm hover:bg-white/90',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
};

/** Button look for anything clickable, including router links. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
) {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
  /** A decorative icon before the label, as ButtonLink's. */
  icon?: LucideIcon;
}

export function Button({
  variant,
  size,
  loading = false,
  icon: Icon,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, className)}
      {...props}
    >
      {loading && <Spinner className="size-4" />}
      {Icon && <Icon className="size-4" aria-hidden="true" />}
      {children}
    </button>
  );
}
