CREATE TABLE "event_reminders" (
	"attendee_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_reminders_attendee_id_session_id_pk" PRIMARY KEY("attendee_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "course_outline_items" DROP CONSTRAINT "course_outline_items_one_check";--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_attendee_id_event_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."event_attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD CONSTRAINT "course_outline_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_outline_items_event_idx" ON "course_outline_items" USING btree ("course_id","event_id");--> statement-breakpoint
CREATE INDEX "course_outline_items_event_ref_idx" ON "course_outline_items" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD CONSTRAINT "course_outline_items_one_check" CHECK (num_nonnulls("course_outline_items"."lesson_id", "course_outline_items"."quiz_id", "course_outline_items"."checklist_id", "course_outline_items"."elearning_package_id", "course_outline_items"."event_id") = 1);