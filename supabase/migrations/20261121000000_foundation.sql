-- Foundation: extensions every later migration relies on.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
