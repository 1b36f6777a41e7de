import { useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '../lib/after-load.ts';
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
    const cancel = afterLoadWhenIdle(() => void loadToaster());
    return () => {
      stop();
      cancel();
    };
  }, [toaster]);
  return toaster ? <toaster.ToasterUi /> : null;
}
