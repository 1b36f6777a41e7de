import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from './button.tsx';
import { Card } from './card.tsx';

/** A detail that does not exist: 404, or 400 for an id that is not a UUID (a typed or truncated link). */
export const isMissing = (err: unknown) =>
  err instanceof ApiError && (err.status === 404 || err.status === 400);

interface DetailQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
}

/** The not-found card a detail page shows in place of its item, the spec's words as its heading. */
export function NotFoundCard({ text, icon }: { text: string; icon?: ReactNode }) {
  return (
    <Card className={cn('px-6 py-16 text-center', icon !== undefined && 'flex flex-col items-center gap-3')}>
      {icon}
      <h1 className="text-xl font-semibold">{text}</h1>
    </Card>
  );
}

/**
 * The one shape of a detail page: a back link above everything; a skeleton (announced as loading) until the
 * item arrives; `notFound` in place when the item does not exist; any other failure (or a missing item on a
 * page without `notFound`) is a toast with `failedText(error)` and a return to `leaveTo`.
 */
export function DetailPage<T>({
  query,
  back,
  className,
  loadingLabel,
  skeleton,
  notFound,
  failedText,
  toastId,
  leaveTo,
  children,
}: {
  query: DetailQuery<T>;
  back: { to: string; label: ReactNode };
  /** The page's width box; none for a page inside the admin layout. */
  className?: string;
  loadingLabel: string;
  skeleton: ReactNode;
  notFound?: ReactNode;
  failedText: (error: unknown) => string;
  toastId: string;
  leaveTo: string;
  children: (item: T) => ReactNode;
}) {
  const navigate = useNavigate();
  const showNotFound = query.isError && notFound !== undefined && isMissing(query.error);
  const failure = query.isError && !showNotFound ? failedText(query.error) : null;

  useEffect(() => {
    if (failure === null) return;
    toast.error(failure, { id: toastId });
    void navigate(leaveTo, { replace: true });
  }, [failure, toastId, leaveTo, navigate]);

  const backLink = (
    <Link to={back.to} className={buttonClasses('ghost', 'sm', 'mb-4 -ml-2')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {back.label}
    </Link>
  );

  if (showNotFound) {
    return (
      <div className={className}>
        {backLink}
        {notFound}
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <div role="status" aria-live="polite" className={className}>
        <span className="sr-only">{loadingLabel}</span>
        {backLink}
        {skeleton}
      </div>
    );
  }
  return (
    <div className={className}>
      {backLink}
      {children(query.data)}
    </div>
  );
}
