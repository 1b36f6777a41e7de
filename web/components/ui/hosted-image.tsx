import { ExternalLink } from 'lucide-react';
import type { ImgHTMLAttributes } from 'react';
import { isMediaPath } from '../../../contract/media.ts';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { cn } from '../../lib/cn.ts';
import { Img } from './img.tsx';

/**
 * An image field's value as a page shows it (decision 023): an upload of ours (`/media/…`) as an image;
 * any other address, kept from before uploads, as a link that fetches nothing, so a third party never
 * learns who looked at the page.
 */
export function HostedImage({
  src,
  className,
  linkClassName,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  linkClassName?: string;
}) {
  if (!src) return null;
  if (isMediaPath(src)) return <Img src={src} loading="lazy" className={className} {...props} />;
  return <ExternalImageLink href={src} className={linkClassName} />;
}

/** An image address we do not host: a link (new tab, no referrer), never an <img>. */
export function ExternalImageLink({ href, className }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="nofollow ugc noopener noreferrer"
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 text-sm text-primary hover:underline',
        className,
      )}
    >
      <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{ui.imageLink(href)}</span>
    </a>
  );
}
