import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { pageSignals, restNeedsBrowser } from '@/lib/scrape/extract';
import { pickLetterButtons } from '@/lib/scrape/letter-buttons';
import { describeControls } from '@/lib/scrape/pager';

// The twenty-third round's sites left incomplete after its fixes (docs/menus.md), not blind.

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const card = (n: string, p: number) => `<div class="card"><h3 class="name">${n}</h3><span class="price">$${p}.00</span></div>`;

describe('an A–Z bar of buttons with no link', () => {
  // The letter shown now is marked current, letters with no product are disabled spans.
  const bar = (control: (l: string) => string) =>
    `<nav class="az-index" aria-label="Browse by letter"><span aria-current="page">A</span> ${LETTERS.slice(1)
      .map((l) => (l === 'Q' ? `<span aria-disabled="true">Q</span>` : control(l)))
      .join(' ')}</nav>`;
  const page = (control: (l: string) => string) =>
    `<html><body>${bar(control)}<h2>A (3 products)</h2><div class="grid">${card('Apple Fritter', 30)}${card('Alien OG', 25)}${card('Animal Mints', 35)}</div><script>document.querySelectorAll('[data-letter]').forEach(function(b){b.onclick=function(){fetch('/api/products?letter='+b.dataset.letter)}})</script></body></html>`;
  const button = (l: string) => `<button type="button" class="chip" data-letter="${l.toLowerCase()}">${l}</button>`;

  it('presses every letter but the current and the disabled ones', () => {
    const controls = describeControls(cheerio.load(page(button)));
    const texts = pickLetterButtons(controls).map((i) => controls[i].text);
    expect(texts).toEqual(LETTERS.filter((l) => l !== 'A' && l !== 'Q'));
  });

  it('over HTTP, says the other letters need the browser', () => {
    const s = pageSignals(page(button));
    expect(s.letterButtons).toBe(true);
    expect(restNeedsBrowser(s, false)).toBe(true);
  });

  it('is not a bar of links (followed over HTTP), nor a few letter buttons, nor size buttons', () => {
    const link = (l: string) => `<a href="/menu?letter=${l.toLowerCase()}">${l}</a>`;
    expect(pageSignals(page(link)).letterButtons).toBe(false);
    const few = `<html><body><div class="tabs"><button>A</button><button>B</button><button>C</button></div>${card('Apple Fritter', 30)}</body></html>`;
    expect(pageSignals(few).letterButtons).toBe(false);
    const sizes = `<html><body><div class="sizes">${['1g', '2g', '3.5g', '7g', '14g', '28g', 'S', 'M', 'L'].map((s) => `<button>${s}</button>`).join('')}</div></body></html>`;
    expect(pageSignals(sizes).letterButtons).toBe(false);
  });
});
