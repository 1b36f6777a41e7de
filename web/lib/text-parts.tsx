import { Fragment, type ReactNode } from 'react';
import { formatNumber } from './format.ts';

/*
 * A translated sentence with elements inside it (a link, a bold figure, a <time>), issue 41: the contract's text
 * takes each element as an argument, so the words around it stay one message in every language (never glued from
 * fragments) and each language puts the element where its own word order wants it. The text is called with a
 * marker per element, then each marker is replaced by its element. This is the one way the web does it (it
 * replaced `rich(text, …)` with `slot(i)` markers and the screens' own cuts of a message on a `\u0000`).
 */

const marker = (i: number) => `\uE000${i}\uE001`;
const markers = /\uE000(\d+)\uE001/;

/** The text's words with each marker replaced by its element; `words` wraps the words between them. */
function fill(text: string, elements: readonly ReactNode[], words: (rest: string) => ReactNode): ReactNode {
  return text.split(markers).map((piece, i) => (
    // Odd pieces are the markers' numbers, even ones the words between them; the order never changes.
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence, fixed for its render
    <Fragment key={i}>{i % 2 === 1 ? elements[Number(piece)] : piece && words(piece)}</Fragment>
  ));
}

/**
 * `withParts(authUi.agreeToTerms, <Link…>Terms</Link>, <Link…>Privacy</Link>)`: the text gets one marker per
 * element, in its arguments' order. A text with other arguments too takes them in a function:
 * `withParts((when) => ui.replacedBy(when, editor.username), <time…/>)`. An element whose marker the text leaves
 * out is not shown; the words are never dropped.
 */
export function withParts<A extends string[]>(
  text: (...markers: A) => string,
  ...parts: { [K in keyof A]: ReactNode }
): ReactNode {
  const elements: readonly ReactNode[] = parts;
  return fill(text(...(elements.map((_, i) => marker(i)) as A)), elements, (rest) => rest);
}

/**
 * A counted text ("5 followers", "1 reply") with its figure drawn apart (bold, or visible while the words are for
 * screen readers only): the message formats the number itself (its plural needs it), so the figure is found in its
 * text and stands in for the element, as `withParts` would place it. No figure found: the words alone.
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
    return fill(`${text.slice(0, at)}${marker(0)}${text.slice(at + shown.length)}`, [figure(shown)], words);
  }
  return words(text);
}
