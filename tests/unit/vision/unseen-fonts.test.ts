import { describe, expect, it } from 'vitest';
import { ALL_FONTS } from '@/tests/fixtures/vision/render';
import { fontClass, HELD_OUT_FONTS, UNSEEN_FONTS, unseenFont } from '@/tests/fixtures/vision/unseen-fonts';

/** The bench's unseen typefaces (`bench:vision --fonts unseen…`): same class, never a layout's own face, split in two. */
describe('unseen fonts for bench:vision', () => {
  it.each([
    ['DejaVu Sans Mono', 'mono'],
    ['Liberation Mono', 'mono'],
    ['DejaVu Sans Condensed', 'condensed'],
    ['Liberation Sans Narrow', 'condensed'],
    ['DejaVu Serif', 'serif'],
    ['Liberation Serif', 'serif'],
    ['DejaVu Sans', 'sans'],
    ['DejaVu Sans Light', 'sans'],
    ['Liberation Sans', 'sans'],
  ])('%s is replaced by a face of class %s', (own, cls) => {
    expect(fontClass(own)).toBe(cls);
    for (let i = 0; i < 8; i++) expect(UNSEEN_FONTS[fontClass(own)]).toContain(unseenFont(own, i));
  });

  it('no unseen face is one a layout is drawn in', () => {
    const unseen = Object.values(UNSEEN_FONTS).flat() as string[];
    for (const f of [...ALL_FONTS, 'DejaVu Sans Light']) expect(unseen).not.toContain(f);
  });

  it('every class keeps faces on both sides of the split, and each part draws only its own', () => {
    for (const faces of Object.values(UNSEEN_FONTS)) {
      expect(faces.some((f) => HELD_OUT_FONTS.has(f))).toBe(true);
      expect(faces.some((f) => !HELD_OUT_FONTS.has(f))).toBe(true);
    }
    for (const own of ALL_FONTS)
      for (let i = 0; i < 12; i++) {
        expect(HELD_OUT_FONTS.has(unseenFont(own, i, 'held-out'))).toBe(true);
        expect(HELD_OUT_FONTS.has(unseenFont(own, i, 'tune'))).toBe(false);
      }
  });
});
