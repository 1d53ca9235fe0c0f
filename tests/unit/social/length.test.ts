import { describe, expect, it } from 'vitest';
import { checkLength, composePost, findLinks, fitText, graphemeCount, platformLength, xLength, PLATFORM_LIMITS, PLATFORMS } from '@/lib/social/length';
import { draftFor, strainSource, toHashtag } from '@/lib/social/generate';

describe('grapheme counting (Intl.Segmenter)', () => {
  it.each([
    ['plain ASCII', 'hello', 5],
    ['emoji with a skin tone', '👍🏽', 1],
    ['flag (two regional indicators)', '🇩🇪', 1],
    ['family (ZWJ sequence)', '👨‍👩‍👧‍👦', 1],
    ['e + combining acute', 'e\u0301', 1],
    ['CJK', '大麻', 2],
    ['mixed', 'a👍🏽b', 3],
  ])('%s', (_l, s, n) => {
    expect(graphemeCount(s)).toBe(n);
    expect(platformLength('bluesky', s)).toBe(n);
  });
});

describe('X weighted length', () => {
  it.each([
    ['Latin letters weigh 1', 'hello', 5],
    ['an emoji weighs 2 whatever its code points', '👍🏽', 2],
    ['a ZWJ family weighs 2', '👨‍👩‍👧‍👦', 2],
    ['CJK weighs 2 each', '大麻', 4],
    ['curly quotes and dashes weigh 1', '“–”', 3],
    ['a long link counts 23', `https://example.com/${'x'.repeat(200)}`, 23],
    ['a short link counts 23 too', 'http://a.co', 23],
    ['a bare domain is a link', 'see example.com now', 4 + 23 + 4],
    ['sentence punctuation after a link is not part of it', 'go https://example.org/a.', 3 + 23 + 1],
    ['an e-mail address is not a link', 'me@example.com', 14],
  ])('%s', (_l, s, n) => {
    expect(xLength(s)).toBe(n);
  });

  it('280 weighted characters fit, 281 do not', () => {
    expect(checkLength('x', { text: 'a'.repeat(280), hashtags: [], link: null }).fits).toBe(true);
    expect(checkLength('x', { text: 'a'.repeat(281), hashtags: [], link: null }).fits).toBe(false);
    expect(checkLength('x', { text: `${'a'.repeat(255)} https://example.com/${'b'.repeat(300)}`, hashtags: [], link: null })).toMatchObject({ length: 279, fits: true });
  });

  it('finds every link', () => {
    expect(findLinks('a https://x.org/p and www.y.com, then z.io.').map((l) => l.url)).toEqual(['https://x.org/p', 'www.y.com', 'z.io']);
  });
});

describe('the composed post and fitting', () => {
  it('composes text, link and hashtags; the link is not repeated', () => {
    expect(composePost({ text: 'Hi', hashtags: ['a', 'b'], link: 'https://e.com/x' })).toBe('Hi\n\nhttps://e.com/x\n\n#a #b');
    expect(composePost({ text: 'Hi https://e.com/x', hashtags: [], link: 'https://e.com/x' })).toBe('Hi https://e.com/x');
  });

  it.each(PLATFORMS)('fitText shortens to the %s limit without splitting a grapheme', (platform) => {
    const limit = PLATFORM_LIMITS[platform];
    const d = { text: 'Word 👍🏽 '.repeat(Math.ceil(limit / 4)), hashtags: ['cannabis'], link: 'https://example.com/strains/x' };
    const text = fitText(platform, d);
    const c = checkLength(platform, { ...d, text });
    expect(c.fits).toBe(true);
    expect(c.length).toBeGreaterThan(limit - 20);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toMatch(/\uD83D$|\uD83C$/);
  });

  it('makes hashtags of names', () => {
    expect(toHashtag('Blue Dream #3')).toBe('BlueDream3');
    expect(toHashtag('Crème brûlée')).toBe('CremeBrulee');
    expect(toHashtag('---')).toBe('');
  });

  it('drafts a long-described strain within every platform limit', () => {
    const s = strainSource(
      {
        id: '1',
        slug: 'long-one',
        name: 'Long One',
        type: 'indica',
        thc: 22,
        thcMin: null,
        thcMax: null,
        cbd: null,
        cbdMin: null,
        cbdMax: null,
        terpenes: [
          { name: 'myrcene', percentage: 0.5 },
          { name: 'limonene', percentage: 0.3 },
        ],
        effects: ['Relaxed', 'Sleepy', 'Happy'],
        negatives: [],
        helpsWith: {},
        aromas: ['Earthy'],
        parents: [],
        akas: [],
        highFamily: null,
        popularityScore: 0,
        source: 'test',
        description: 'x '.repeat(40_000),
        createdAt: '',
        updatedAt: '',
      },
      null,
    );
    for (const p of PLATFORMS) {
      const d = draftFor(s, p);
      expect(checkLength(p, d).fits).toBe(true);
    }
  });
});
