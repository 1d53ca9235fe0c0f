/** Rewrites the README's configuration table from the declarations in lib/config. */
import fs from 'node:fs';
import path from 'node:path';
import { withConfigTable } from '@/lib/config/readme';

const file = path.resolve(__dirname, '..', 'README.md');
const before = fs.readFileSync(file, 'utf8');
const after = withConfigTable(before);
if (after !== before) fs.writeFileSync(file, after);
console.log(after === before ? 'README configuration table is up to date' : 'README configuration table rewritten');
