DROP TABLE "training_courses" CASCADE;--> statement-breakpoint
DROP TABLE "training_members" CASCADE;--> statement-breakpoint
DROP TABLE "trainings" CASCADE;