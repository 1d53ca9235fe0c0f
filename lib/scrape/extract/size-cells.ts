import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { visibleText } from '@/lib/scrape/extract/card-dom';
import { isSizeLabel } from '@/lib/scrape/extract/card-sizes';

/**
 * A table row that is one size of the strain titled above it (a quick order list's variant row)
 * writes the size in a cell or element of its own ("1g"); a product row whose name merely starts
 * with a size ("1g ChemDozer Value", its brand and type in cells beside it, under a category's
 * full-width heading row) is a product of its own (twenty-fourth round's `section-more-table`).
 */
export function sizeOfItsOwn($: CheerioAPI, row: Element): boolean {
  return $(row)
    .find('td, th, span, div, b, strong, label')
    .toArray()
    .some((c) => isSizeLabel(visibleText($, $(c))));
}
