import type { Frame } from 'playwright-core';
import { LETTER, MIN_LETTERS } from '@/lib/scrape/letter-index';
import { PAGER_COLLECT_SCRIPT, type PagerControl } from '@/lib/scrape/pager';
import type { PressKind } from '@/lib/scrape/browser-press';

/**
 * An A–Z bar of buttons with no link (twenty-third round, `az-index-css`): one letter's products
 * shown, each other letter fetched and shown in place when its button is pressed (a script
 * calling `/api/products?letter=b`). letter-index.ts follows a bar of links over plain HTTP; a
 * bar of buttons needs the browser, which presses each letter in turn and keeps the new products
 * (pressEach in browser-press.ts, like category tabs).
 *
 * A bar is eight or more distinct letters (`#`, `0-9` too) on controls that are buttons (a
 * `<button>`, `role="button"` / `"tab"`, or a link going nowhere: `#`, `javascript:`, none) in
 * one container; the letter shown now (`aria-current`, pressed, selected) and the disabled ones
 * (letters with no product) are not pressed.
 */

const isButton = (c: PagerControl) =>
  (c.tag === 'button' || c.role === 'button' || c.role === 'tab' || c.tag === 'a') && (c.href === null || /^\s*(?:#|javascript:)/i.test(c.href));

/** The letter buttons to press, by index: those of the container with the most distinct letters (at least MIN_LETTERS). */
export function pickLetterButtons(controls: PagerControl[]): number[] {
  const groups = new Map<number, number[]>();
  controls.forEach((c, i) => {
    if (!isButton(c) || !LETTER.test(c.text.replace(/\s+/g, ''))) return;
    groups.set(c.group, [...(groups.get(c.group) ?? []), i]);
  });
  const letters = (idx: number[]) => new Set(idx.map((i) => controls[i].text.toLowerCase())).size;
  const best = [...groups.values()].filter((idx) => letters(idx) >= MIN_LETTERS).sort((a, b) => letters(b) - letters(a))[0] ?? [];
  const seen = new Set<string>();
  return best.filter((i) => {
    const c = controls[i];
    const t = c.text.toLowerCase();
    if (c.current || c.disabled || seen.has(t)) return false;
    seen.add(t);
    return true;
  });
}

/** An A–Z bar of buttons, pressed one letter at a time in the browser; the first frame that has one is used. */
export const LETTER_BUTTONS: PressKind = {
  token: 'az',
  attr: 'data-scan-pager',
  name: 'letter',
  async collect(frame: Frame, token: string) {
    const controls = await frame.evaluate<PagerControl[]>(`(${PAGER_COLLECT_SCRIPT})(${JSON.stringify(token)})`).catch(() => [] as PagerControl[]);
    return { picked: pickLetterButtons(controls), texts: controls.map((c) => c.text) };
  },
  done: () => true,
  paged: true,
};
