-- Trigram indexes make ILIKE '%term%' list searches use an index. Created in public so that
-- databases which put tables in another schema (one per API test file) share one copy.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
