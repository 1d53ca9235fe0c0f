import { describe } from 'vitest';
import { strainEndpointSuite } from '@/tests/api/strains/suite';

describe('strain endpoints on PGlite', () => strainEndpointSuite());
