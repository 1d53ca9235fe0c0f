import { describe } from 'vitest';
import { strainEndpointSuite } from './suite';

describe('strain endpoints on PGlite', () => strainEndpointSuite());
