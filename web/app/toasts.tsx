import { useEffect, useState } from 'react';
import { loadedToaster, whenToasterLoads } from '../lib/toast.ts';

/**
 * Where toasts show: from the first toast on, once its chunk is here (web/lib/toast.ts fetches it then); nothing
 * is drawn before, on the server either. Not fetched when the tab is first idle: evaluating it was a task of
 * 20–30 ms (80–130 ms at a phone's CPU) inside the time a page counts as not yet interactive, on every page, for
 * a toast most visits never raise; the first one waits for a 4 KB chunk instead.
 */
export function Toasts() {
  const [toaster, setToaster] = useState(loadedToaster);
  useEffect(() => {
    if (toaster) return;
    return whenToasterLoads(setToaster);
  }, [toaster]);
  return toaster ? <toaster.ToasterUi /> : null;
}
