ALTER TABLE "courses" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_duration_check" CHECK ("courses"."duration_minutes" between 1 and 10000);--> statement-breakpoint
-- Descriptions become formatted text (HTML kept to harmless tags): what was written as plain text
-- is escaped so it reads the same, its line breaks kept.
UPDATE "courses" SET "description" = replace(replace(replace(replace("description", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n', '<br>') WHERE "description" <> '';
