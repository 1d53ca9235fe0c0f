/**
 * npm run import -- <file.csv|json> [--universe] [--source <name>] [--batch <n>]
 * npm run import -- --papers <file.json|csv> [--source <name>]
 *
 * Upserts strains by slug (or, with --universe, names into the strain universe) with a progress
 * bar on stderr and a summary on stdout. Bad rows are reported with their line and reason; a bad
 * row never aborts the import. A file named like kushy-strain-names.csv goes to the universe.
 * With --papers the file holds research papers (papers.json's shape, or CSV with its columns).
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeDb } from '@/lib/db';
import { ready } from '@/lib/bootstrap';
import { importStrains, importUniverse, type ImportSummary } from '@/lib/strains/import';
import { parseCatalogRecords, parseUniverseRecords, readRecords } from '@/lib/strains/import-parse';
import { importPapers, parsePaperRecords, readPaperFile, type PaperImportSummary } from '@/lib/research/papers/service';

function usage(msg?: string): never {
  if (msg) process.stderr.write(`${msg}\n`);
  process.stderr.write('usage: npm run import -- <file.csv|json> [--universe] [--source <name>] [--batch <n>]\n');
  process.stderr.write('       npm run import -- --papers <file.json|csv> [--source <name>]\n');
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const out = { file: '', universe: false, papers: false, source: '', batch: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--universe') out.universe = true;
    else if (a === '--papers') out.papers = true;
    else if (a === '--source') out.source = argv[++i] ?? usage('--source needs a value');
    else if (a === '--batch') out.batch = Number(argv[++i]);
    else if (a === '-h' || a === '--help') usage();
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else out.file = a;
  }
  if (!out.file) usage('missing file');
  return out;
}

function progressBar(label: string) {
  const tty = process.stderr.isTTY;
  let last = -1;
  return (done: number, total: number) => {
    const pct = total ? Math.floor((done / total) * 100) : 100;
    if (pct === last) return;
    last = pct;
    const width = 30;
    const fill = Math.round((pct / 100) * width);
    const line = `${label} [${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${pct}% ${done}/${total}`;
    if (tty) process.stderr.write(`\r${line}${done >= total ? '\n' : ''}`);
    else if (pct % 10 === 0 || done >= total) process.stderr.write(`${line}\n`);
  };
}

function printSummary(s: ImportSummary): void {
  const out = process.stdout;
  out.write(`\n${s.mode === 'universe' ? 'Universe' : 'Catalog'} import from source "${s.source}" in ${s.ms} ms\n`);
  out.write(`  rows:     ${s.total}\n  inserted: ${s.inserted}\n  updated:  ${s.updated}\n  skipped:  ${s.skipped.length}\n  warnings: ${s.warnings.length}\n`);
  const show = (title: string, xs: ImportSummary['skipped']) => {
    if (!xs.length) return;
    out.write(`\n${title}:\n`);
    for (const x of xs.slice(0, 50)) out.write(`  line ${x.line}${x.name ? ` (${x.name})` : ''}: ${x.reason}\n`);
    if (xs.length > 50) out.write(`  … and ${xs.length - 50} more\n`);
  };
  show('Skipped rows', s.skipped);
  show('Warnings', s.warnings);
}

function printPaperSummary(s: PaperImportSummary): void {
  const out = process.stdout;
  out.write(`\nPapers import from source "${s.source}" in ${s.ms} ms\n`);
  out.write(`  rows:     ${s.total}\n  inserted: ${s.inserted}\n  updated:  ${s.updated}\n  skipped:  ${s.skipped.length}\n  warnings: ${s.warnings.length}\n`);
  for (const [title, xs] of [
    ['Skipped rows', s.skipped],
    ['Warnings', s.warnings],
  ] as const) {
    if (!xs.length) continue;
    out.write(`\n${title}:\n`);
    for (const x of xs.slice(0, 50)) out.write(`  line ${x.line}${x.name ? ` (${x.name})` : ''}: ${x.reason}\n`);
    if (xs.length > 50) out.write(`  … and ${xs.length - 50} more\n`);
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const file = path.resolve(args.file);
  if (!fs.existsSync(file)) usage(`no such file: ${args.file}`);
  if (args.papers) {
    const rows = parsePaperRecords(readPaperFile(file));
    const db = await ready();
    const summary = await importPapers(db, rows, args.source || path.basename(file).replace(/\.(csv|json)$/i, ''), { onProgress: progressBar('papers') });
    printPaperSummary(summary);
    await closeDb();
    return;
  }
  const format = /\.json$/i.test(file) ? 'json' : 'csv';
  const base = path.basename(file).replace(/\.(csv|json)$/i, '');
  const universe = args.universe || /strain-names|universe/i.test(base);
  const source = args.source || base;
  const records = readRecords(fs.readFileSync(file, 'utf8'), format);
  const db = await ready();
  const bar = progressBar(universe ? 'universe' : 'catalog');
  const summary = universe
    ? await importUniverse(db, parseUniverseRecords(records), source, { batchSize: args.batch || undefined, onProgress: bar })
    : await importStrains(db, parseCatalogRecords(records), source, { batchSize: args.batch || undefined, onProgress: bar });
  printSummary(summary);
  await closeDb();
}

main().catch(async (e) => {
  process.stderr.write(`import failed: ${(e as Error).message}\n`);
  await closeDb().catch(() => {});
  process.exit(1);
});
