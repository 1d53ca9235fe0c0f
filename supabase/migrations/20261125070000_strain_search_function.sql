-- Strain search in one round trip (issue 15). The search ranks names by exact, prefix, word
-- prefix, substring and trigram similarity with pg_trgm's `%` at a threshold of 0.25 (below the
-- default 0.3, so typos such as 'blu dreem' still find Blue Dream). Setting the threshold with
-- set_config(..., true) needed a transaction around two statements: BEGIN, set_config, the
-- search, COMMIT — four round trips. A function carries the setting itself (SET clause), applied
-- only while it runs, so the route sends one statement outside any transaction and the trigram
-- index still serves `%`.
CREATE OR REPLACE FUNCTION strain_name_hits(term text, pattern text)
RETURNS TABLE (strain_id uuid, score real)
LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.25
AS $$
  SELECT n.strain_id, max(
    CASE WHEN n.name = term AND NOT n.is_alias THEN 100 WHEN n.name = term THEN 90
         WHEN n.name LIKE pattern || '%' THEN 60 - n.is_alias::int * 5
         WHEN n.name LIKE '% ' || pattern || '%' THEN 45
         WHEN n.name LIKE '%' || pattern || '%' THEN 35 ELSE 0 END
    + similarity(n.name, term) * 30)
  FROM strain_names n
  WHERE n.name % term OR n.name LIKE '%' || pattern || '%'
  GROUP BY n.strain_id
$$;
