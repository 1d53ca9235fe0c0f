import { describe } from 'vitest';
import { strainEndpointSuite } from '@/tests/api/strains/suite';

// Same table as tests/api/strains on real PostgreSQL (DATABASE_URL, own schema per file).
describe.runIf(Boolean(process.env.DATABASE_URL))('strain endpoints on PostgreSQL', () => strainEndpointSuite());
