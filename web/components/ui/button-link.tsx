import type { LucideIcon } from 'lucide-react';
import { Link, type LinkProps } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button.tsx';

/** A router link that looks like a button, its decorative icon before the label. */
export function ButtonLink({
  icon: Icon,
  variant = 'primary',
  size = 'md',
  className,
  children,
  ...props
}: LinkProps & { icon: LucideIcon; variant?: ButtonVariant; size?: ButtonSize }) {
  return (
    <Link className={buttonClasses(variant, size, className)} {...props}>
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
