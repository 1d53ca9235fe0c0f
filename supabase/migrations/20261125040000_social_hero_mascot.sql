-- Social content drafts, hero images and mascot poses (DECISIONS §11). Owned by lib/social,
-- lib/hero and lib/mascot; each table is read and written only through that area's repo.ts.

CREATE TABLE IF NOT EXISTS social_drafts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  platform text NOT NULL CHECK (platform IN ('x', 'bluesky', 'threads', 'instagram', 'facebook')),
  kind text NOT NULL CHECK (kind IN ('strain_spotlight', 'daily_story', 'new_strain', 'blog_post', 'discover_list')),
  text text NOT NULL,
  hashtags text[] NOT NULL DEFAULT '{}',
  image_url text,
  link text,
  -- draft → approved | rejected; approved → scheduled | draft | rejected; scheduled → published |
  -- approved; rejected → draft; published is final (enforced in lib/social/service.ts).
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'approved', 'scheduled', 'published', 'rejected')),
  scheduled_for timestamptz,
  published_at timestamptz,
  source_kind text NOT NULL CHECK (source_kind IN ('story', 'strain', 'blog_post', 'discover_list')),
  source_id text NOT NULL,
  -- Optimistic concurrency: every update must name the version it read; each update adds one.
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One draft per platform and source, never twice (concurrent generators collapse on it).
CREATE UNIQUE INDEX IF NOT EXISTS social_drafts_platform_source_key ON social_drafts (platform, source_kind, source_id);
CREATE INDEX IF NOT EXISTS social_drafts_status_created ON social_drafts (status, created_at DESC);
CREATE INDEX IF NOT EXISTS social_drafts_created ON social_drafts (created_at DESC, id);
CREATE INDEX IF NOT EXISTS social_drafts_scheduled ON social_drafts (scheduled_for) WHERE status = 'scheduled';

CREATE TABLE IF NOT EXISTS hero_images (
  subject text NOT NULL CHECK (subject IN ('strain', 'page')),
  slug text NOT NULL,
  url text NOT NULL,
  webp_url text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  prompt text NOT NULL,
  provider text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subject, slug)
);
CREATE INDEX IF NOT EXISTS hero_images_updated ON hero_images (updated_at DESC);

CREATE TABLE IF NOT EXISTS mascot_poses (
  key text PRIMARY KEY,
  title text NOT NULL,
  custom boolean NOT NULL DEFAULT false,
  image_url text NOT NULL,
  png_url text NOT NULL,
  prompt text NOT NULL,
  provider text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
