-- Content groups (issue 17, DECISIONS §11): discover lists and dispensary metadata.

-- Discover lists: computed ones are rewritten by the daily sync (and POST /admin/discover/refresh),
-- curated ones by the admin routes. Members live in their own table so a strain that leaves the
-- catalog leaves every list with it (ON DELETE CASCADE) and counts never drift.
CREATE TABLE IF NOT EXISTS discover_lists (
  slug text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('computed', 'curated')),
  position integer NOT NULL DEFAULT 1000,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS discover_list_items (
  list_slug text NOT NULL REFERENCES discover_lists (slug) ON DELETE CASCADE ON UPDATE CASCADE,
  strain_id uuid NOT NULL REFERENCES strains (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (list_slug, strain_id)
);
CREATE INDEX IF NOT EXISTS discover_list_items_order_idx ON discover_list_items (list_slug, position);

-- Dispensary metadata: one row per menu domain, written by every completed scan. Only facts
-- about the menu (never who asked for the scan, their preferences or their recommendations).
CREATE TABLE IF NOT EXISTS dispensaries (
  domain text PRIMARY KEY,
  name text NOT NULL,
  name_locked boolean NOT NULL DEFAULT false,
  platform text NOT NULL DEFAULT 'custom'
    CHECK (platform IN ('dutchie', 'jane', 'weedmaps', 'leafly', 'dispense', 'sweed', 'custom')),
  menu_urls text[] NOT NULL DEFAULT '{}',
  address text,
  website text,
  products_count integer NOT NULL DEFAULT 0,
  matched_count integer NOT NULL DEFAULT 0,
  categories text[] NOT NULL DEFAULT '{}',
  -- [{ slug, name, count }] of the latest scan, most frequent first (at most 10)
  top_strains jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- { <category>: median price per gram } of the latest scan
  median_price_per_gram jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_scanned_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS dispensaries_last_scanned_idx ON dispensaries (last_scanned_at DESC NULLS LAST);

-- The scan history behind a dispensary (the last 10 are kept), with the matched strain slugs so
-- "trending this week" can count dispensaries per strain without reading the scan cache.
CREATE TABLE IF NOT EXISTS dispensary_scans (
  id bigserial PRIMARY KEY,
  domain text NOT NULL REFERENCES dispensaries (domain) ON DELETE CASCADE,
  scanned_at timestamptz NOT NULL,
  products_count integer NOT NULL,
  matched_count integer NOT NULL,
  strain_slugs text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS dispensary_scans_domain_idx ON dispensary_scans (domain, scanned_at DESC);
CREATE INDEX IF NOT EXISTS dispensary_scans_recent_idx ON dispensary_scans (scanned_at DESC);

-- When a curated list is deleted no row is left to carry the time of the change: this one-row
-- table does, so GET /meta/freshness → discover.updatedAt moves on deletes too.
CREATE TABLE IF NOT EXISTS discover_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  deleted_at timestamptz
);
INSERT INTO discover_state (id) VALUES (true) ON CONFLICT (id) DO NOTHING;
