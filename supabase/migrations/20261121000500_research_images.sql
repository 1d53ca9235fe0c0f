-- Research queue (strain submissions and unmatched menu names), blog posts and landing problem
-- cards with their generated images. Owned by the research/images area.

CREATE TABLE IF NOT EXISTS research_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  strain_name text NOT NULL,
  -- Folded form of the name (lower-case, accents stripped, non-alphanumerics collapsed to '-'):
  -- the key "the same name is already pending" is judged by.
  name_key text NOT NULL,
  source text NOT NULL CHECK (source IN ('website', 'api', 'menu-scan')),
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- pending → researching → pending_review → approved | rejected; failed when the task errors
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'researching', 'pending_review', 'approved', 'rejected', 'failed')),
  draft jsonb,
  run_id text,
  attempts integer NOT NULL DEFAULT 0,
  error jsonb,
  review_note text,
  reviewed_at timestamptz,
  strain_id uuid,
  strain_slug text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- At most one open submission per name: concurrent enqueues of the same name collapse into one
-- row through ON CONFLICT, on every instance.
CREATE UNIQUE INDEX IF NOT EXISTS research_submissions_open_name_key
  ON research_submissions (name_key)
  WHERE status IN ('pending', 'researching', 'pending_review');
CREATE INDEX IF NOT EXISTS research_submissions_status_created
  ON research_submissions (status, created_at);
CREATE INDEX IF NOT EXISTS research_submissions_name_trgm
  ON research_submissions USING gin (lower(strain_name) gin_trgm_ops);

CREATE TABLE IF NOT EXISTS blog_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  hero_image_url text,
  hero_image_prompt text,
  hero_image_provider text,
  hero_image_width integer,
  hero_image_height integer,
  published_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS blog_posts_published ON blog_posts (published_at DESC, slug);

CREATE TABLE IF NOT EXISTS app_landing_problems (
  id text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  image_url text,
  image_prompt text,
  image_provider text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO blog_posts (slug, title, excerpt, body, tags, published_at) VALUES
  ('understanding-terpenes',
   'Understanding Terpenes: Why Your Strain Smells the Way It Does',
   'Myrcene, limonene, caryophyllene: a field guide to the aromatic compounds that shape flavour and feel.',
   'Terpenes are the aromatic oils a cannabis plant makes alongside its cannabinoids. A lab report lists them as a share of dry weight, usually well under one percent each, yet they decide much of what a strain smells like and, many users say, how it feels. This guide walks through the six you will meet most often.',
   ARRAY['terpenes', 'science', 'guide'], '2026-09-02T09:00:00Z'),
  ('reading-a-lab-label',
   'How to Read a Cannabis Lab Label',
   'THC, THCA, total cannabinoids and batch numbers: what the numbers on a package actually mean.',
   'Every regulated package carries a label from a testing lab. The figures look precise, but they need context: total THC folds THCA in by a fixed factor, and terpene totals above three percent are rare. Here is how to read one with confidence.',
   ARRAY['labels', 'lab-testing', 'guide'], '2026-09-16T09:00:00Z'),
  ('indica-sativa-hybrid-myth',
   'Indica, Sativa, Hybrid: Useful Labels or Marketing?',
   'Why the three classic categories predict less than you think, and what predicts more.',
   'Menus still sort flower into indica, sativa and hybrid. Chemical profiles tell a more useful story: the dominant terpene and the cannabinoid ratio say more about an experience than a plant''s leaf shape ever did.',
   ARRAY['strains', 'science'], '2026-10-01T09:00:00Z'),
  ('tolerance-breaks',
   'Tolerance Breaks: A Practical Plan',
   'How long a break resets tolerance, what to expect in the first week, and how to come back gently.',
   'Regular use builds tolerance quickly. A short, planned break restores sensitivity for most people within two weeks. This plan covers the timeline, common side effects and how to restart at a lower dose.',
   ARRAY['wellness', 'tolerance'], '2026-10-20T09:00:00Z'),
  ('shopping-a-dispensary-menu',
   'Shopping a Dispensary Menu Like a Pro',
   'Price per gram, freshness dates and terpene data: the three things to check before you buy.',
   'Online menus list hundreds of products. Comparing price per gram within a category, preferring recent harvest dates and looking for published terpene data turns an overwhelming list into a short, confident choice.',
   ARRAY['shopping', 'guide'], '2026-11-05T09:00:00Z')
ON CONFLICT (slug) DO NOTHING;

INSERT INTO app_landing_problems (id, title, description, sort_order) VALUES
  ('forgotten-favorites', 'You forget what worked',
   'That one strain that helped you sleep last spring? Its name is gone. Keep a stash journal that remembers for you.', 1),
  ('menu-overload', 'Menus are overwhelming',
   'Hundreds of products, cryptic names and no way to compare. Scan a menu and see the few that fit you.', 2),
  ('inconsistent-effects', 'Effects feel random',
   'Two "hybrids" can feel nothing alike. Terpene profiles explain why and predict what you will feel.', 3),
  ('label-confusion', 'Labels are hard to read',
   'THCA, total cannabinoids, batch dates. Point your camera at a label and get a plain-language summary.', 4),
  ('overspending', 'You overpay without knowing',
   'Price per gram hides behind odd package sizes. See the real deals on every menu you scan.', 5)
ON CONFLICT (id) DO NOTHING;
