import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceLocale } from '../../contract/i18n/locales.ts';
import { forumUi } from '../../contract/texts/forum-ui.ts';
import { formatNumber } from './format.ts';
import { setActiveLocale } from './locale.ts';
import { withNumber, withParts } from './text-parts.tsx';

/*
 * The one way an element goes inside a translated sentence (issue 40): the element lands where the text puts its
 * argument, whatever the language's word order, and the words around it are the text's own.
 */

afterEach(() => setActiveLocale(sourceLocale));

/** The rendered sentence's HTML inside one <p>. */
const html = (node: ReactNode) => render(<p>{node}</p>).container.querySelector('p')?.innerHTML;

const link = <a href="/u">ann</a>;
const time = <time dateTime="2026-01-02">Jan 2</time>;

describe('withParts', () => {
  it('puts an element at the start, in the middle and at the end of the sentence', () => {
    expect(html(withParts((who: string) => `${who} replied`, link))).toBe('<a href="/u">ann</a> replied');
    expect(html(withParts((who: string) => `by ${who} today`, link))).toBe('by <a href="/u">ann</a> today');
    expect(html(withParts((who: string) => `by ${who}`, link))).toBe('by <a href="/u">ann</a>');
  });

  it('places several elements in the order the text names them, not the order they are passed', () => {
    const english = (terms: string, privacy: string) => `You accept our ${terms} and our ${privacy}.`;
    const reversed = (terms: string, privacy: string) => `Our ${privacy} and ${terms} apply.`;
    const terms = <a href="/terms">Terms</a>;
    const privacy = <a href="/privacy">Privacy</a>;
    expect(html(withParts(english, terms, privacy))).toBe(
      'You accept our <a href="/terms">Terms</a> and our <a href="/privacy">Privacy</a>.',
    );
    expect(html(withParts(reversed, terms, privacy))).toBe(
      'Our <a href="/privacy">Privacy</a> and <a href="/terms">Terms</a> apply.',
    );
  });

  it('keeps the words when the text leaves an element out, and shows no marker', () => {
    const out = html(withParts((_who: string) => 'someone replied', link));
    expect(out).toBe('someone replied');
    expect(out).not.toMatch(/[\uE000\uE001]/);
  });

  it('takes a text with other arguments through a function', () => {
    expect(html(withParts((when: string) => forumUi.lastActivityBy(when, 'bob'), time))).toBe(
      'last activity <time datetime="2026-01-02">Jan 2</time> by bob',
    );
  });

  it("follows a translated catalogue's word order where it differs from English", async () => {
    await setActiveLocale('zh-CN');
    // English "last activity {0} by {1}", Chinese "{1} 最后活动于 {0}": the time moves to the end.
    expect(html(withParts((when: string) => forumUi.lastActivityBy(when, 'bob'), time))).toBe(
      'bob 最后活动于 <time datetime="2026-01-02">Jan 2</time>',
    );
    // "{1} 于 {0} 替换": the time sits in the middle.
    expect(html(withParts((when: string) => forumUi.replacedBy(when, 'bob'), time))).toBe(
      'bob 于 <time datetime="2026-01-02">Jan 2</time> 替换',
    );
  });
});

describe('withNumber', () => {
  it('draws the figure apart from the words, which may be wrapped', () => {
    const text = `${formatNumber(1200)} likes`;
    expect(html(withNumber(text, 1200, (shown) => <b>{shown}</b>))).toBe(
      `<b>${formatNumber(1200)}</b> likes`,
    );
    expect(
      html(
        withNumber(
          text,
          1200,
          (shown) => shown,
          (words) => <span className="sr-only">{words.trim()}</span>,
        ),
      ),
    ).toBe(`${formatNumber(1200)}<span class="sr-only">likes</span>`);
  });

  it('finds the figure wherever the language puts it, and gives the words alone when it is not there', () => {
    expect(html(withNumber('Followers: 5', 5, (shown) => <b>{shown}</b>))).toBe('Followers: <b>5</b>');
    expect(html(withNumber('no likes yet', 0, (shown) => <b>{shown}</b>))).toBe('no likes yet');
  });
});
