import { Fragment } from 'react';
import { cn } from '../../lib/cn.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
// Punctuation that usually ends a sentence rather than a link.
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Member-written text: React escapes it (no HTML ever renders), line breaks are kept, and http(s)
 * links become clickable with rel="nofollow noopener" so we vouch for nothing and leak no handle.
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <div className={cn('break-words whitespace-pre-line', className)}>
      {parts.map((part, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, never reordered
        if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
        const trailing = part.match(TRAILING)?.[0] ?? '';
        const href = trailing ? part.slice(0, -trailing.length) : part;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, never reordered
          <Fragment key={i}>
            <a
              href={href}
              target="_blank"
              rel="nofollow noopener noreferrer"
              className="text-primary underline-offset-2 hover:underline"
            >
              {href}
            </a>
            {trailing}
          </Fragment>
        );
      })}
    </div>
  );
}
