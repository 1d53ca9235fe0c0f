import { letters, tidyName } from '@/lib/vision/parse-common';

/**
 * The testing lab's name on a label (moved out of label-parser.ts): a keyed lab (`Tested by`,
 * `Testing Lab:`), a certificate's letterhead, a laboratory's own name without a key, or the name
 * printed after the test date.
 */

// "Test Lab" is a key also without its colon ("Test Lab EVIO Labs", "Test Lab. Anresco Laboratories").
const LAB =
  /\b(?:tested\s+by|testing\s+(?:lab(?:oratory)?|facility)|test\s+la[bp](?:oratory)?\b\.?|lab(?:oratory)?(?:\s*name)?\s*:|analy[sz]ed\s+by)\s*[:|]?\s*([A-Za-z][A-Za-z0-9 &.'-]{1,60})/i;
// "Tested 07/26/2026 by ProVerde Labs", also wrapped after its key or its `by` (`… · TESTED` / `07/26/2026 BY PROVERDE LABS`).
// A key column's rule read as a bar between a keyed lab and its name: `TESTED BY | EVIO Labs`.
const TESTED_BY = /\btested\b.*\bby\s+([A-Za-z][A-Za-z0-9 &.'-]{1,60})/i;
const TESTED_THEN_LAB =
  /\btest(?:ed|\s+date)\s*:?\s*(?:\d{1,2}\/\d{1,2}\/\d{2,4}|\d{4}-\d{2}-\d{2}|[A-Za-z]{3,9}\.?\s+\d{1,2},?\s+\d{4})\s+(?:[-·•|,]\s+)?(?:by\s+)?([A-Za-z][A-Za-z0-9 &.'-]{1,60})/i;

/**
 * The lab of a label: `cells` are its rows cut at their column gaps (a keyed lab ends at its gap:
 * "Lab: Steep Hill   trans-Caryophyllene  0.15%", two panels on one row), `lines` its cleaned
 * lines, `rows` its OCR rows as read (for a lab word cut off at a gap).
 */
export function readLab(cells: string[], lines: string[], rows: string[]): string | null {
  const lab =
    cells.map((c) => LAB.exec(c)).find(Boolean) ??
    lines.map((l, i) => LAB.exec(l) ?? TESTED_BY.exec(l) ?? testedByWrapped(l, lines[i + 1] ?? '')).find(Boolean) ??
    // A certificate of analysis: the lab is its letterhead, the line above "Certificate of Analysis".
    letterhead(lines) ??
    // No key: a laboratory's own name ("… · Digipath Labs"), not on the brand line at the top.
    lines
      .slice(2)
      .map((l) => /([A-Z][A-Za-z&.'-]*(?:\s[A-Z][A-Za-z&.'-]*){0,3}\s(?:Labs?|Laboratories|Laboratory|Analytics|Testing))\b/.exec(l))
      .find(Boolean) ??
    // "TESTED 07/15/26 PROVERDE LABS": the name printed after the test date, without a "by".
    // Not the next date's key (`Tested: 05/21/2026  Reported: 05/25/2026`, a certificate's dates).
    lines
      .map((l) => TESTED_THEN_LAB.exec(l))
      .find((m) => m && !/^(?:pack|pkg|harvest|batch|lot|sell|best|use|exp|on\b|at\b|report|receiv|complet|issu|sampl|releas|approv|review|analy[sz]ed\b)/i.test(m[1]));
  return lab
    ? labNameOf(
        withLabWord(
          lab[1],
          rows.map((r) => r.replace(/\s+/g, ' ')),
        ),
      )
    : null;
}

/** `Tested … by <lab>` wrapped: the row ends in its key or `by`, or the next row starts with `by`. */
function testedByWrapped(line: string, next: string): RegExpExecArray | null {
  return /\b(?:tested|by)\s*$/i.test(line) || (/\btested\b/i.test(line) && /^\s*by\s/i.test(next)) ? TESTED_BY.exec(`${line} ${next}`) : null;
}

/** A lab's report title: `Certificate of Analysis`, `COA`, `Potency & Terpene Report`, `Test Report`, `Analytical Report`. */
const REPORT_TITLE = /\bcertificate\s+of\s+analysis\b|^COA\b|\b(?:analysis|analytical|test(?:ing)?|lab(?:oratory)?|potency|terpenes?|results?)\s+report\b/i;

/**
 * The letterhead of a lab's certificate: the name line just above its title (`REPORT_TITLE`) at
 * the top of the page. As a match so it reads like the keyed lab patterns.
 */
function letterhead(lines: string[]): RegExpExecArray | null {
  const at = lines.slice(0, 5).findIndex((l) => REPORT_TITLE.test(l));
  const name = at > 0 ? lines.slice(0, at).findLast((l) => letters(l) >= 3 && !/[:%]|\d{3,}/.test(l)) : undefined;
  return name ? /^(.+)$/.exec(name) : null;
}

/**
 * A lab cut at a column gap that was only a wide word space ("Tested … by Anresco" +
 * "Laboratories" in the next cell of a small-print row): the lab word that follows it on its OCR row
 * (Labs, Laboratories, Analytics, Testing) belongs to the name.
 */
function withLabWord(name: string, lines: string[]): string {
  const t = name.trim();
  if (!t || /\b(labs?|laborator(?:y|ies)|analytics|testing)\s*$/i.test(t)) return name;
  const esc = t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const l of lines) {
    const m = new RegExp(`${esc}\\s+(labs?|laborator(?:y|ies)|analytics|testing)\\b`, 'i').exec(l);
    if (m) return `${t} ${m[1]}`;
  }
  return name;
}

/** The lab's name without what follows it on the same line ("SC Labs  Test Date: …"). */
function labNameOf(s: string): string | null {
  // Also before a date in month-name form ("ANRESCO LABORATORIES MAY 6, 2026"); a `Lab` key whose
  // colon OCR lost is no part of the name ("Lab Digipath Labs": a value pill's key).
  const name = tidyName(
    s
      .replace(/^lab\s+(?=\S+\s+\S)/i, '')
      // A field separator ends it ("EVIO Labs - UBI 604 149 704": a run-on paragraph's next field).
      .replace(/\s+[-|;·•]\s+.*$/, '')
      .replace(/\s+(on|at|test(ed)?|date|harvest(ed)?|batch|lot|packaged|license|lic)\b.*$/i, '')
      .replace(/\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d.*$/i, '')
      .replace(/\s+\d.*$/, ''),
  );
  return letters(name) >= 2 ? name : null;
}
