-- Trigram indexes make ILIKE '%term%' list searches use an index.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
