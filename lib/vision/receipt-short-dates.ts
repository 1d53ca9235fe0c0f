/**
 * A US ticket's date with dashes and a two-digit year (`Date: 02-27-26  Time: 9:34a`): the year is
 * this century's (`02-27-2026`), on a line that says it is a date or carries a time. Without either,
 * `12-24-26` may be a lot or a code, and is left as it is (issue 14, twenty-fourth receipt round).
 */
export function withFullDashYear(line: string): string {
  if (!/\bdate\b|\b\d{1,2}:\d{2}/i.test(line)) return line;
  return line.replace(/(?<![\d-])(\d{1,2})-(\d{1,2})-(\d{2})(?![\d-])/, '$1-$2-20$3');
}
