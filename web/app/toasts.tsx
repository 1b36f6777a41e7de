import { useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '../lib/after-load.ts';
import { loadToaster, toasterToDraw, whenToasterIsNeeded } from '../lib/toast.ts';

/**
 * Where toasts show. Their chunk comes on the first toast (web/lib/toast.ts) or when the tab is first idle after
 * loading, whichever is sooner; they are drawn from the first toast on, and nothing is drawn before, on the server
 * either.
 */
export function Toasts() {
  const [toaster, setToaster] = useState(toasterToDraw);
  useEffect(() => {
    if (toaster) return;
    const stop = whenToasterIsNeeded(setToaster);
    const cancel = afterLoadWhenIdle(() => void loadToaster());
    return () => {
      stop();
      cancel();
    };
  }, [toaster]);
  return toaster ? <toaster.ToasterUi /> : null;
}
