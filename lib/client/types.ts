/** Shapes the pages read from the API (catalog types come from the catalog's own contract). */
export type { Strain, Terpene, StrainType } from '@/lib/strains/types';

export interface SectionDescriptor {
  key: string;
  label: string;
  tab: string;
  order: number;
  strategy: 'ai' | 'computed';
  estimatedTokens: number;
}

export interface StreamEvent {
  type: 'start' | 'partial' | 'complete' | 'error' | 'batch_start' | 'batch_complete';
  sectionKey?: string;
  data?: unknown;
  progress?: number;
  text?: string;
  error?: string;
  estimatedTokens?: number;
  overallProgress?: number;
  completedSections?: number;
  totalSections?: number;
  sectionKeys?: string[];
  results?: Record<string, unknown>;
}

export interface ScanProduct {
  rawName: string;
  displayName: string;
  category: string;
  price: string | null;
  matched: boolean;
  matchConfidence: 'high' | 'medium' | 'low' | null;
  strainId: string | null;
  strainSlug: string | null;
  strainName: string | null;
  highFamily: string | null;
  tags: string[];
}

export interface ScanRecommendation {
  product: ScanProduct;
  reason: string;
  rank: number;
}

export interface ScanDiscovery {
  rawName: string;
  category: string;
  price: string | null;
  queued: boolean;
}

export interface ScanOutput {
  success: boolean;
  cached: boolean;
  dispensaryName: string;
  websiteDomain: string;
  scannedAt: string;
  expiresAt: string;
  products: ScanProduct[];
  matchedProducts: ScanProduct[];
  unmatchedProducts: ScanProduct[];
  recommendations: ScanRecommendation[];
  discoveries?: ScanDiscovery[];
  screenshotUrl: string | null;
  stats: { productsCount: number; matchedCount: number; unmatchedCount: number };
  error?: { code: string; message: string };
}

export interface ScanMetadata {
  currentStage?: string;
  progress?: number;
  status?: string;
  dispensaryName?: string;
  domain?: string;
  runId?: string;
  screenshotUrl?: string;
  extractionMethod?: string;
  cacheHit?: boolean;
  useInteract?: boolean;
  [key: string]: unknown;
}

export type RunStatus = 'QUEUED' | 'EXECUTING' | 'COMPLETED' | 'FAILED' | 'TIMED_OUT';

export interface RunView {
  id: string;
  taskIdentifier: string;
  status: RunStatus;
  metadata: ScanMetadata | null;
  output: unknown;
  error: { code?: string; message?: string } | null;
  createdAt: string;
  updatedAt: string;
}
