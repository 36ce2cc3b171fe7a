CREATE TABLE "assignment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid,
	"kind" text NOT NULL,
	"due_key" text NOT NULL,
	"deadline" date,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "assignment_reminders_kind_check" CHECK ("assignment_reminders"."kind" in ('assigned', 'due-7', 'due-1', 'overdue', 'expiring'))
);
--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_assignment_id_course_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."course_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_reminders_once_idx" ON "assignment_reminders" USING btree ("assignment_id","user_id","kind","due_key");--> statement-breakpoint
CREATE INDEX "assignment_reminders_unsent_idx" ON "assignment_reminders" USING btree ("created_at","id") WHERE "assignment_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "assignment_reminders_user_idx" ON "assignment_reminders" USING btree ("user_id");