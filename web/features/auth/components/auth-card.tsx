import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { authUi as ui } from '../../../../contract/texts/auth-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input, type InputProps } from '../../../components/ui/input.tsx';

/** The centred frame every sign-in, sign-up and reset screen shares. */
export function AuthCard({
  icon: Icon,
  title,
  subtitle,
  children,
  footer,
}: {
  icon: LucideIcon;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col py-2 sm:py-8">
      <Card className="relative overflow-hidden p-6 sm:p-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-primary to-secondary"
        />
        <div className="mb-6 text-center">
          <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-primary/10 text-primary">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-1.5 text-sm text-muted">{subtitle}</p>
        </div>
        {children}
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
    </div>
  );
}

/** An auth screen's form: its fields, the wide submit button, then whatever follows it (`after`). */
export function AuthForm({
  onSubmit,
  submitLabel,
  pending,
  after,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pending: boolean;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <Button type="submit" size="lg" className="mt-2 w-full" loading={pending}>
        {submitLabel}
      </Button>
      {after}
    </form>
  );
}

/** The email field of sign-in, sign-up and reset. */
export function EmailInput(props: Omit<InputProps, 'label' | 'type'>) {
  return (
    <Input
      label={ui.email}
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      translate="no"
      {...props}
    />
  );
}

export const linkClasses = 'font-medium text-primary underline underline-offset-2 hover:decoration-2';

/** A link on an auth card, after the question it answers if there is one. */
export function AuthLink({ prompt, to, children }: { prompt?: string; to: string; children: ReactNode }) {
  return (
    <>
      {prompt && <>{prompt} </>}
      <Link to={to} className={linkClasses}>
        {children}
      </Link>
    </>
  );
}

/** The footer of the password-reset screens. */
export function BackToLogin() {
  return (
    <Link to="/login" className={`inline-flex items-center gap-1.5 ${linkClasses}`}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {ui.backToLogin}
    </Link>
  );
}
