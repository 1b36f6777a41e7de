import { useState } from 'react';

let issued = 0;

/**
 * An element id unique in the page, fixed for the component's life: for `htmlFor`, `aria-controls` and
 * the like. A counter, not `useId()`: the page is rendered only in the browser, so ids never have to match a
 * server's, and `useId()`'s tree-position ids are the part of React that Preact's compatibility layer has
 * repeatedly got wrong (duplicate ids: preact#3757, #3772, #4223; decision 030).
 */
export function useDomId(): string {
  const [id] = useState(() => `id-${++issued}`);
  return id;
}
