import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time;
  // tesseract.js spawns worker threads from its own package files; sharp is native.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'tesseract.js',
    '@tesseract.js-data/eng',
    'sharp',
    'playwright-core',
    'pino',
    'pg',
    'ioredis',
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
