import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoFromUtcText, isoTimestamp, TimestampFromText, utcMillisFromText } from './timestamp-text.ts';

/* A timestamp read from PostgreSQL keeps its text for its ISO form (decision 082): always what Date gives. */

/** A `timestamp with time zone` as PostgreSQL writes it in a UTC session: trailing zeros of the fraction dropped. */
function pgText(ms: number, micros: number) {
  const iso = new Date(ms).toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

const years1000To9999 = fc.integer({
  min: Date.UTC(1000, 0, 1),
  max: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
});

describe('TimestampFromText', () => {
  it('is the Date Drizzle reads, with the same ISO form and JSON, for any time and precision', () => {
    fc.assert(
      fc.property(years1000To9999, fc.integer({ min: 0, max: 999 }), (ms, micros) => {
        const text = pgText(ms, micros);
        const date = new TimestampFromText(text);
        const drizzles = new Date(text);
        expect(date).toBeInstanceOf(Date);
        expect(date.getTime()).toBe(drizzles.getTime());
        expect(isoFromUtcText(text)).toBe(drizzles.toISOString());
        expect(date.toISOString()).toBe(drizzles.toISOString());
        expect(JSON.stringify({ date })).toBe(JSON.stringify({ date: drizzles }));
      }),
    );
  });

  it('cuts microseconds to milliseconds and pads short fractions, as Date does', () => {
    expect(new TimestampFromText('2026-01-12 13:46:30+00').toISOString()).toBe('2026-01-12T13:46:30.000Z');
    expect(new TimestampFromText('2026-01-12 13:46:30.5+00').toISOString()).toBe('2026-01-12T13:46:30.500Z');
    expect(new TimestampFromText('2026-01-12 13:46:30.05+00').toISOString()).toBe('2026-01-12T13:46:30.050Z');
    expect(new TimestampFromText('2026-01-12 13:46:30.999999+00').toISOString()).toBe(
      '2026-01-12T13:46:30.999Z',
    );
  });

  it('leaves any other text to Date: another zone, a five-digit year, infinity', () => {
    for (const text of [
      '2026-01-12 13:46:30.25+02',
      '2026-01-12 13:46:30-05:30',
      '10000-01-01 00:00:00+00',
    ]) {
      expect(isoFromUtcText(text)).toBeUndefined();
      expect(new TimestampFromText(text).toISOString()).toBe(new Date(text).toISOString());
    }
    expect(() => new TimestampFromText('infinity').toISOString()).toThrow(RangeError);
  });

  it('a date changed after it was read gives its new time', () => {
    const date = new TimestampFromText('2026-01-12 13:46:30.5+00');
    date.setUTCHours(20);
    expect(date.toISOString()).toBe('2026-01-12T20:46:30.500Z');
  });
});

describe('utcMillisFromText', () => {
  it('reads the time as Date reads the text, for any year from 100 and any precision', () => {
    const years100To9999 = fc.integer({
      min: Date.UTC(100, 0, 1),
      max: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    });
    fc.assert(
      fc.property(years100To9999, fc.integer({ min: 0, max: 999 }), (ms, micros) => {
        const text = pgText(ms, micros);
        expect(utcMillisFromText(text)).toBe(new Date(text).getTime());
        expect(new TimestampFromText(text).getTime()).toBe(new Date(text).getTime());
      }),
    );
  });

  it('leaves to Date what is not in the UTC form, a year before 100 and a digit that is not one', () => {
    for (const text of [
      '0099-01-12 13:46:30+00',
      '2026-01-12 13:46:30.+00',
      '2026-01-12 13:46:3x+00',
      '2026-01-12 13:46:30.12a4+00',
      '2026-13-12 13:46:30+00',
      '2026-01-12 23:60:00+00',
      '2026-01-12 23:59:60+00',
      '2026-01-12 13:46:30.25+02',
      '2026-01-12T13:46:30+00',
      '2000-01-01 00:00:00+00 BC',
      'infinity',
    ])
      expect(utcMillisFromText(text)).toBeUndefined();
    // A day past the month's end rolls over, as Date's parser rolls it.
    expect(utcMillisFromText('2026-02-30 00:00:00+00')).toBe(new Date('2026-02-30 00:00:00+00').getTime());
    expect(new TimestampFromText('0099-01-12 13:46:30+00').getTime()).toBe(
      new Date('0099-01-12 13:46:30+00').getTime(),
    );
  });
});

describe('isoTimestamp', () => {
  it("writes a raw row's text and a Date alike, as Date's ISO form", () => {
    fc.assert(
      fc.property(years1000To9999, fc.integer({ min: 0, max: 999 }), (ms, micros) => {
        const text = pgText(ms, micros);
        expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
        expect(isoTimestamp(new Date(text))).toBe(new Date(text).toISOString());
      }),
    );
    expect(isoTimestamp('2026-01-12 13:46:30.25+02')).toBe('2026-01-12T11:46:30.250Z');
  });
});
