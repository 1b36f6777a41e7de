/**
 * Runs `task` at the browser's first idle moment after the page has loaded (Safari has no idle callback: there,
 * the next task), for work that only later visits or later actions need: the service worker, the toasts' chunk.
 * A drawn page's code starts after its first paint (decision 069), often once the page has loaded: then from the
 * first idle moment. Returns a cancel, for a component that unmounts first.
 */
export function afterLoadWhenIdle(task: () => void): () => void {
  let cancelIdle = () => {};
  const whenIdle = () => {
    if ('requestIdleCallback' in window) {
      const handle = requestIdleCallback(task, { timeout: 10_000 });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(task, 0);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
  return () => {
    removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
