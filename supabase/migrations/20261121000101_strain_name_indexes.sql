-- Plain btree indexes for equality joins of the matcher's exact pass (the text_pattern_ops
-- indexes of the first catalog migration serve prefix search only under a non-C collation).
CREATE INDEX IF NOT EXISTS strain_names_name_eq_idx ON strain_names (name);
CREATE INDEX IF NOT EXISTS strains_canonical_name_eq_idx ON strains (canonical_name);
