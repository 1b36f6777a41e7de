import { Fragment, type ReactNode } from 'react';

/*
 * A translated sentence with elements inside it (a link, a bold figure, a <time>), issue 41: the contract's text
 * takes each element as an argument, so the words around it stay one message in every language (never glued from
 * fragments). The text is called with a marker per element, then each marker is replaced by its element.
 */

const marker = (i: number) => `\uE000${i}\uE001`;
const markers = /\uE000(\d+)\uE001/;

/** `withParts(authUi.agreeToTerms, <Link…>Terms</Link>, <Link…>Privacy</Link>)`. */
export function withParts<A extends string[]>(
  text: (...args: A) => string,
  ...parts: { [K in keyof A]: ReactNode }
): ReactNode {
  const elements: readonly ReactNode[] = parts;
  const pieces = text(...(elements.map((_, i) => marker(i)) as A)).split(markers);
  return pieces.map((piece, i) => (
    // Odd pieces are the markers' numbers, even ones the words between them; the order never changes.
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence, fixed for its render
    <Fragment key={i}>{i % 2 === 1 ? elements[Number(piece)] : piece}</Fragment>
  ));
}
