import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the reply a link points at (`#reply-…`, from a notification or a quote) into view once the replies
 * are on the page, and focuses it so it is marked and keyboard reading starts there. The browser's own jump
 * happens before the replies load, so it finds nothing.
 */
export function useScrollToReply(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || !hash.startsWith('#reply-')) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [hash, loaded]);
}
