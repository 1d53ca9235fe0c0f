import { isStatusBar } from '@/lib/vision/receipt-screen';
/**
 * A receipt seen through a mail client or an app (a forwarded e-mail receipt, a screenshot) and a
 * printed document headed by its kind: the furniture above the receipt is no store name, and a
 * quoted receipt's quote marks are no part of its lines.
 */

/** Buttons and tabs of a mail client or app bar (`Inbox  Archive  Reply  Forward`). */
const UI_WORD =
  /^(inbox|archive|reply|all|forward|delete|trash|spam|junk|back|menu|search|more|print|move|label|labels|mark|unread|share|done|close|compose|sent|drafts|snooze|flag|edit|open)$/i;

/** A line of app or mail-client buttons: two or more, and no more than one word in four something else (a button OCR misread). */
export function isAppChrome(line: string): boolean {
  const words = line
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Za-z]/g, ''))
    .filter(Boolean);
  const ui = words.filter((w) => UI_WORD.test(w)).length;
  return ui >= 2 && ui >= words.length * 0.75;
}

/** `From:`, `To:`, `Subject:` … and the other lines a forwarded or replied mail carries above its body. */
const MAIL_KEY = /^\s*(from|to|cc|bcc|subject|sent|reply-to)\s*[:;]/i;
const MAIL_PREFIX = /^\s*(fwd?|re)\s*[:;]/i;
const FORWARD_RULE = /\b(forwarded|original)\s+message\b|\bwrote:\s*$/i;
/** An e-mail address (OCR may lose its dot: `pat@gmail com`). */
const ADDRESS = /[A-Za-z][\w.+-]*@[A-Za-z][\w-]*/;
/** Gmail's recipient line under the sender: `to me`, `to expenses` (OCR: `10 expenses`). */
const TO_LINE = /^\s*(to|10|t0)\s+[a-z]+\s*$/i;

/** A mail header line (sender, recipient, subject, the forward's rule): never the store's name. */
export function isMailHeader(line: string): boolean {
  return MAIL_KEY.test(line) || MAIL_PREFIX.test(line) || FORWARD_RULE.test(line) || ADDRESS.test(line) || TO_LINE.test(line);
}

/** Words a document's title is made of (`DELIVERY MANIFEST`, `PACKING SLIP`, `ORDER CONFIRMATION`, a reprint's `** REPRINT **` band). */
const TITLE_WORD =
  /^(delivery|manifest|packing|slip|sales|order|receipt|e-receipt|invoice|confirmation|summary|customer|merchant|copy|duplicate|pickup|online|bill|of|transfer|purchase|your|trip|route|driver|details|history|reprint|reprinted|original)$/i;
/** Of which at least one names the kind of document. */
const TITLE_KIND = /^(manifest|slip|receipt|e-receipt|invoice|confirmation|summary|details|history|copy|duplicate|reprint|reprinted)$/i;

/** A document's title (`DELIVERY MANIFEST`): only title words, one of them a document kind. */
export function isDocumentTitle(line: string): boolean {
  const words = line
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Za-z-]/g, ''))
    .filter(Boolean);
  return words.length >= 1 && words.length <= 4 && words.every((w) => TITLE_WORD.test(w)) && words.some((w) => TITLE_KIND.test(w));
}

/** Furniture above a receipt that is no store name: app buttons, mail headers, the document's title, a phone's status bar. */
export function isNotStoreName(line: string): boolean {
  return isAppChrome(line) || isMailHeader(line) || isDocumentTitle(line) || isStatusBar(line);
}

/**
 * Quote marks at the start of a line: `>`, `>>`, `> >` (OCR: `»`, `›`, `=>`, `~~`), after at most a
 * speck or two of the photo's margin (`§ >`, `| >`).
 */
const QUOTE = /^\s*(?:\S{1,3}\s+(?=[>»›]))?(?:=?[>»›~]\s?){1,3}(?=\S)/;

/**
 * A quoted (forwarded or replied) receipt: when three or more lines start with quote marks, those
 * marks are taken off (they would otherwise lead item names and hide the store's line).
 */
export function unquoteMail(lines: readonly string[]): string[] {
  if (lines.filter((l) => QUOTE.test(l)).length < 3) return [...lines];
  return lines.map((l) => l.replace(QUOTE, ''));
}
