import { describe, expect, it } from 'vitest';
import { readCorpus } from './contact-corpus/corpus.ts';
import { detectOffPlatformContact } from './contact-detector.ts';

const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

describe('off-platform contact detection (issue 36 item 4)', () => {
  it('finds at least 95 % of the evasion corpus and flags at most 1 % of the innocent one', () => {
    const evasions = readCorpus('evasions');
    const innocent = readCorpus('innocent');
    expect(evasions.length).toBeGreaterThanOrEqual(200);
    expect(innocent.length).toBeGreaterThanOrEqual(200);
    const missed = evasions.filter((m) => detectOffPlatformContact(m).kinds.length === 0);
    const flagged = innocent.filter((m) => detectOffPlatformContact(m).kinds.length > 0);
    const detected = evasions.length - missed.length;
    console.log(
      `contact corpus: detection ${percent(detected, evasions.length)} (${detected}/${evasions.length}), ` +
        `false positives ${percent(flagged.length, innocent.length)} (${flagged.length}/${innocent.length})`,
    );
    for (const m of missed) console.log(`  missed: ${JSON.stringify(m)}`);
    for (const m of flagged)
      console.log(`  flagged: ${JSON.stringify(m)} ${JSON.stringify(detectOffPlatformContact(m).matches)}`);
    expect(detected / evasions.length).toBeGreaterThanOrEqual(0.95);
    expect(flagged.length / innocent.length).toBeLessThanOrEqual(0.01);
  });

  it.each([
    ['hmu on disc0rd: zyx_trader', ['discord']],
    ['join discord.gg/cheapkeys', ['discord']],
    ['add me s n a p p y # 4 4 2 1', ['discord']],
    ['tg @fastkeys', ['telegram']],
    ['t.me/fastkeys', ['telegram']],
    ['mail me john.doe (at) proton (dot) me', ['email']],
    ['call +1 415 555 0134', ['phone']],
    ['whatsapp four one five five five five zero one three four', ['phone']],
    ['disc\u043Erd: ember_shop, or mail ember@gmail.com', ['discord', 'email']],
    ['d\u200Bi\u200Bs\u200Bc\u200Bo\u200Br\u200Bd: quasar_keys', ['discord']],
    ['ｄｉｓｃｏｒｄ： ｎｅｏｎ＿ｋｅｙｓ', ['discord']],
  ] as const)('names the kind in %j', (text, kinds) => {
    expect(detectOffPlatformContact(text).kinds).toEqual(kinds);
  });

  it.each([
    'is there a discord?',
    '@zyx_trader thanks for the fast delivery',
    'the discord overlay drops my fps by 20',
    'v2.3.1 is out, undetected as of today',
    '$25 for 30 days',
    'Key: ABCD-EFGH-IJKL-MNOP',
    '#1 rated seller on the site',
    '2024-05-12 14:30 UTC',
    'CS2 1v1 me on aim_map',
  ])('finds nothing in %j', (text) => {
    expect(detectOffPlatformContact(text)).toEqual({ kinds: [], matches: [] });
  });
});
