import fs from 'node:fs';
import { parseReceiptText } from '../../lib/vision/receipt-parser';
for (const f of process.argv.slice(2)) console.log(JSON.stringify(parseReceiptText(fs.readFileSync(f, 'utf8')), null, 0).replace(/\{"productName/g, '\n {"productName'));
