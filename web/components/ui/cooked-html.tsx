import { type MouseEvent, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/cn.ts';
import './cooked-html.css';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';

/**
 * Forum HTML that the server rendered from Markdown and sanitized against its allow-list when the text was
 * written (decision 017). The ONE place the web injects HTML: everything else is rendered as text. Code
 * blocks get a copy button here (the stored HTML carries no script or handler), and a plain click on a link
 * to one of our own pages (a mention's profile, a quote's post) stays in the app instead of a new tab.
 */
export function CookedHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const root = ref.current;
    if (!root || !html) return;
    for (const block of root.querySelectorAll('.code-block')) {
      if (block.querySelector(':scope > button')) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'code-copy';
      button.textContent = ui.copy;
      button.setAttribute('aria-label', ui.copyCode);
      block.prepend(button);
    }
  }, [html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href') ?? '';
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    // Site paths only (`/…`, never `//…`): the sanitizer allows no other relative form.
    if (link && plain && /^\/(?!\/)/.test(href)) {
      event.preventDefault();
      void navigate(href);
      return;
    }
    const button = (event.target as HTMLElement).closest('button.code-copy');
    const code = button?.parentElement?.querySelector('pre code');
    if (!button || !code) return;
    void navigator.clipboard.writeText(code.textContent ?? '').then(
      () => {
        button.textContent = ui.copied;
        setTimeout(() => {
          button.textContent = ui.copy;
        }, 2000);
      },
      () => {
        button.textContent = ui.copyFailed;
      },
    );
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicks are delegated to the copy buttons and links inside
    // biome-ignore lint/a11y/useKeyWithClickEvents: the copy buttons are real buttons; Enter and Space click them
    <div
      ref={ref}
      className={cn('cooked', className)}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server against an allow-list (decision 017)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
