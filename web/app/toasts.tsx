import { useEffect, useState } from 'react';
import { loadedToaster, loadToaster, whenToasterLoads } from '../lib/toast.ts';

/**
 * Where toasts show. Their chunk comes on the first toast (web/lib/toast.ts) or when the tab is first idle after
 * loading, whichever is sooner; nothing is drawn until then, on the server either.
 */
export function Toasts() {
  const [toaster, setToaster] = useState(loadedToaster);
  useEffect(() => {
    if (toaster) return;
    const stop = whenToasterLoads(setToaster);
    const load = () => void loadToaster();
    const idle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 10_000 });
      else setTimeout(load, 0);
    };
    if (document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
    return () => {
      stop();
      removeEventListener('load', idle);
    };
  }, [toaster]);
  return toaster ? <toaster.ToasterUi /> : null;
}
