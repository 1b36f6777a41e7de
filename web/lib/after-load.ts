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

/**
 * Resolves in a later task, so the browser can paint and answer input between two long pieces of start-up work
 * (a phone pays each piece at a quarter of a laptop's speed, and any task over 50 ms is blocking time).
 * `scheduler.yield` where there is one (its continuation runs before other queued tasks), else a message: a
 * zero timeout may wait 4 ms or more.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      // A port listening keeps its channel alive (in Node, the whole process): closed once it has spoken.
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
