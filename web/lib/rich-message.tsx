import { Fragment, type ReactNode } from 'react';
import { formatNumber } from './format.ts';

/**
 * Translated sentences with elements inside them (issue 41): a link, a `<time>`, a bold figure. The sentence
 * stays one message, so each language orders its words itself; the elements go where the message puts them.
 */

/** The stand-in for element `i`: pass it to the message as that argument, then `rich()` puts the element there. */
export const slot = (i: number) => `\uE000${i}\uE001`;

/** The message's text with each `slot(i)` replaced by `nodes[i]`. */
export function rich(text: string, ...nodes: ReactNode[]): ReactNode {
  const parts = text.split(/\uE000(\d+)\uE001/);
  return (
    <>
      {parts.map((part, i) => (i % 2 === 0 ? part : <Fragment key={part}>{nodes[Number(part)]}</Fragment>))}
    </>
  );
}

/**
 * A counted text ("5 followers", "1 reply") with its figure drawn apart (bold, or visible while the words are for
 * screen readers only): the message formats the number (a plural needs it), and the figure is found in its text.
 */
export function withNumber(
  text: string,
  n: number,
  figure: (shown: string) => ReactNode,
  words: (rest: string) => ReactNode = (rest) => rest,
): ReactNode {
  for (const shown of [formatNumber(n), String(n)]) {
    const at = text.indexOf(shown);
    if (at < 0) continue;
    const before = text.slice(0, at);
    const after = text.slice(at + shown.length);
    return (
      <>
        {before && words(before)}
        {figure(shown)}
        {after && words(after)}
      </>
    );
  }
  return words(text);
}
