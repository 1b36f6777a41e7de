import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import toast from '../../lib/toast.ts';
import { ButtonLink } from './button-link.tsx';
import { Card } from './card.tsx';
import { Loading, Skeleton } from './skeleton.tsx';

/** A detail that does not exist: 404, or 400 for an id that is not a UUID (a typed or truncated link). */
export const isMissing = (err: unknown) =>
  err instanceof ApiError && (err.status === 404 || err.status === 400);

interface DetailQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
}

/** The not-found card a detail page shows in place of its item, the spec's words as its heading. */
export function NotFoundCard({ text, icon: Icon }: { text: string; icon?: LucideIcon }) {
  return (
    <Card className={cn('px-6 py-16 text-center', Icon !== undefined && 'flex flex-col items-center gap-3')}>
      {Icon && <Icon className="size-10 text-muted" aria-hidden="true" />}
      <h1 className="text-xl font-semibold">{text}</h1>
    </Card>
  );
}

/** The link back above a detail page's item, or above a `Page`'s header (its `back`). */
export function PageBackLink({ to, label }: { to: string; label: ReactNode }) {
  return (
    <ButtonLink to={to} icon={ArrowLeft} variant="ghost" size="sm" className="mb-4 -ml-2">
      {label}
    </ButtonLink>
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
  width,
  loadingLabel,
  skeleton,
  notFound,
  failedText,
  leaveTo = back.to,
  children,
}: {
  query: DetailQuery<T>;
  back: { to: string; label: ReactNode };
  /** The page's width, centred; none for a page inside the admin layout. */
  width?: 'max-w-3xl' | 'max-w-4xl';
  loadingLabel: string;
  skeleton: ReactNode;
  notFound?: ReactNode;
  /** The toast when the item cannot be shown (named by its words): fixed, or chosen from the error. */
  failedText: string | ((error: unknown) => string);
  /** Where a failure returns to: the back link's page unless said. */
  leaveTo?: string;
  children: (item: T) => ReactNode;
}) {
  const navigate = useNavigate();
  const showNotFound = query.isError && notFound !== undefined && isMissing(query.error);
  const failure =
    query.isError && !showNotFound
      ? typeof failedText === 'string'
        ? failedText
        : failedText(query.error)
      : null;
  const className = width && cn('mx-auto w-full', width);

  useEffect(() => {
    if (failure === null) return;
    toast.error(failure, { id: failure });
    void navigate(leaveTo, { replace: true });
  }, [failure, leaveTo, navigate]);

  const backLink = <PageBackLink {...back} />;

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
      <Loading label={loadingLabel} className={className}>
        {backLink}
        {skeleton}
      </Loading>
    );
  }
  return (
    <div className={className}>
      {backLink}
      {children(query.data)}
    </div>
  );
}

/** The loading shape of a detail led by its image: picture, title and one or two lines of text. */
export function ImageDetailSkeleton({ lines }: { lines: 1 | 2 }) {
  return (
    <Card className="overflow-hidden">
      <Skeleton className="h-64 w-full rounded-none" />
      <TextSkeleton lines={lines} title="h-8" />
    </Card>
  );
}

/** The loading shape of a detail that is text: an optional label line (a status), a title and two lines. */
export function TextDetailSkeleton({
  label = false,
  title = 'h-8',
}: {
  label?: boolean;
  title?: 'h-7' | 'h-8';
}) {
  return (
    <Card>
      <TextSkeleton lines={2} title={title} label={label} />
    </Card>
  );
}

function TextSkeleton({
  lines,
  title,
  label = false,
}: {
  lines: 1 | 2;
  title: 'h-7' | 'h-8';
  label?: boolean;
}) {
  return (
    <div className="p-6">
      {label && <Skeleton className="mb-4 h-5 w-32" />}
      <Skeleton className={`${title} w-2/3`} />
      <Skeleton className="mt-4 h-4 w-full" />
      {lines === 2 && <Skeleton className="mt-2 h-4 w-5/6" />}
    </div>
  );
}
