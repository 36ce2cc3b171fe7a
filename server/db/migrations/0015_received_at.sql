ALTER TABLE "course_completions" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_completions" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
-- Rows written before: the server dated them when they arrived.
UPDATE "course_completions" SET "received_at" = "completed_at";--> statement-breakpoint
UPDATE "activity_completions" SET "received_at" = "completed_at";--> statement-breakpoint
UPDATE "quiz_attempts" SET "received_at" = "submitted_at";
