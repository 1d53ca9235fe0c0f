import type { PagerControl } from '@/lib/scrape/pager';

/** A pager control as the page's collect script reports it: a plain button unless `extra` says otherwise. */
export const control = (text: string, group: number, extra: Partial<PagerControl> = {}): PagerControl => ({
  tag: 'button',
  role: '',
  text,
  aria: '',
  cls: '',
  current: false,
  disabled: false,
  href: null,
  group,
  ...extra,
});
