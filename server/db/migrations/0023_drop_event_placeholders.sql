DROP TABLE "event_attendees" CASCADE;--> statement-breakpoint
DROP TABLE "events" CASCADE;