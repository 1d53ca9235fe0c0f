import type { NextConfig } from 'next';

/**
 * Files the server reads at run time by path, which the tracer cannot see from the code. They are
 * copied into `.next/standalone` so `node .next/standalone/server.js` runs with no checkout:
 * - migrations and the seed catalog (read from `process.cwd()`, which the standalone server sets
 *   to its own directory);
 * - the OCR language data (found through `require.resolve` of its package.json) and the
 *   tesseract.js worker script with its WASM core and the packages it requires (the worker thread
 *   is started by file path, so nothing traces it);
 * - PGlite's WASM, data bundle and the pg_trgm extension archive (loaded by URL);
 * - sharp's platform package and libvips (chosen by platform at run time);
 * - playwright-core as a whole (its server reads its own files by path when it drives Chromium).
 * The list is checked by running the standalone copy outside the repository (docs/deploy.md).
 */
const RUNTIME_FILES = [
  './supabase/migrations/*.sql',
  './supabase/seed/*.json',
  './node_modules/@tesseract.js-data/eng/package.json',
  './node_modules/@tesseract.js-data/eng/4.0.0_best_int/**',
  './node_modules/tesseract.js/package.json',
  './node_modules/tesseract.js/src/**',
  './node_modules/tesseract.js-core/*.{js,wasm,json}',
  // the worker script's own dependencies (the worker thread is started by file path, untraced)
  './node_modules/{bmp-js,is-url,node-fetch,regenerator-runtime,wasm-feature-detect,zlibjs,idb-keyval}/**',
  './node_modules/@electric-sql/pglite/package.json',
  './node_modules/@electric-sql/pglite/dist/**/*.{js,cjs,wasm,data}',
  './node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz',
  './node_modules/sharp/package.json',
  './node_modules/sharp/lib/**',
  './node_modules/@img/sharp-*/**',
  './node_modules/playwright-core/**',
];

const nextConfig: NextConfig = {
  output: 'standalone',
  // Every API route may start the service (migrations, seed) or reach OCR, PGlite, sharp or the
  // browser, and the standalone directory is the union of the routes' traces.
  outputFileTracingIncludes: { '/api/**': RUNTIME_FILES },
  // Packages that load WASM, data files, worker scripts or native binaries from their own
  // directory at run time stay plain node_modules packages instead of being bundled.
  // unpdf too: it imports its PDF.js build (`unpdf/pdfjs`) at run time, and names an optional
  // `pdfjs-dist` a bundler cannot resolve.
  serverExternalPackages: ['@electric-sql/pglite', 'tesseract.js', '@tesseract.js-data/eng', 'sharp', 'playwright-core', 'pino', 'pg', 'ioredis', 'unpdf'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
