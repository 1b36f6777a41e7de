import { describe, expect, it } from 'vitest';
import { contrastRatio, rgbOf, themeTones } from './tones.ts';

const white = rgbOf('#FFFFFF');
const lightSurface = rgbOf('#EEF0F7');
const darkSurface = rgbOf('#1A1E34');

describe('theme tones', () => {
  it('measures contrast as WCAG 2 defines it', () => {
    expect(contrastRatio(white, rgbOf('#000000'))).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBe(1);
    // #767676 is the lightest grey that passes on white; #777777 is the first that fails.
    expect(contrastRatio(rgbOf('#767676'), white)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(rgbOf('#777777'), white)).toBeLessThan(4.5);
  });

  it.each(['#6366F1', '#0EA5E9', '#10B981', '#FFFF00', '#FFFFFF', '#000000', '#EF4444', '#F59E0B'])(
    'every tone of %s reads at 4.5:1 where it is used',
    (colour) => {
      const tones = themeTones(colour);
      expect(contrastRatio(rgbOf(tones.primaryFill), white)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgbOf(tones.primaryText), lightSurface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgbOf(tones.primaryTextDark), darkSurface)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('moves a colour no further than it must: the default keeps its designed tone, sky blue is deepened', () => {
    expect(themeTones('#6366F1').primaryFill).toBe('#595CD9');
    const sky = themeTones('#0EA5E9');
    expect(contrastRatio(rgbOf('#0EA5E9'), white)).toBeLessThan(4.5);
    expect(sky.primaryFill).toBe('#0B7DB1');
    // One step (2 %) less darkening would not read.
    expect(contrastRatio(rgbOf('#0B81B6'), white)).toBeLessThan(4.5);
  });
});
