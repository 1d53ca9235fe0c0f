-- Makers learned from scanned menus (docs/matching.md, "Known makers"). The scan pipeline writes
-- the spellings its products' brand fields show (lower-cased, punctuation gone; never anything
-- about a person), one row per spelling. `scans` counts the scans that showed it, a rescan of the
-- same menu right after the last one not counted again (`last_menu` is a hash of the menu's
-- domain, not the domain). The matcher trusts a spelling seen on two scans or more and reads at
-- most 5,000 of them; the writer keeps at most 20,000 rows, the most-seen and newest.
CREATE TABLE IF NOT EXISTS menu_brands (
  spelling text PRIMARY KEY CHECK (char_length(spelling) BETWEEN 2 AND 60),
  scans integer NOT NULL DEFAULT 1 CHECK (scans >= 1),
  last_menu text NOT NULL,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS menu_brands_rank_idx ON menu_brands (scans DESC, last_seen DESC);
