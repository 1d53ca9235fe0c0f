-- The matcher's trigram pass wants the single closest name per product. A GiST trigram index
-- answers `ORDER BY name <-> q LIMIT 1` by walking the index in distance order (~1 ms per product),
-- where the GIN bitmap scan rechecks every name sharing a common trigram ('og', 'kush'): measured
-- 12x faster on the 4,750-strain catalog. The GIN indexes stay for search's `%` and LIKE.
CREATE INDEX IF NOT EXISTS strain_names_gist ON strain_names USING gist (name gist_trgm_ops);
CREATE INDEX IF NOT EXISTS strain_universe_gist ON strain_universe USING gist (canonical_name gist_trgm_ops);
