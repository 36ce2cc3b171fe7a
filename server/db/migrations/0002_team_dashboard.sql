CREATE TABLE "checklist_assignments" (
	"user_id" uuid NOT NULL,
	"checklist_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "checklist_assignments_user_id_checklist_id_pk" PRIMARY KEY("user_id","checklist_id")
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_completions" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_completions_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_attendees" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"attended" boolean DEFAULT false NOT NULL,
	CONSTRAINT "event_attendees_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'event' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "events_kind_check" CHECK ("events"."kind" in ('event', 'virtual-meeting'))
);
--> statement-breakpoint
CREATE TABLE "training_courses" (
	"training_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	CONSTRAINT "training_courses_training_id_course_id_pk" PRIMARY KEY("training_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "training_members" (
	"training_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_emailed_at" timestamp with time zone,
	CONSTRAINT "training_members_training_id_user_id_pk" PRIMARY KEY("training_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"title" text NOT NULL,
	"deadline" date,
	"assign_to" text DEFAULT 'all' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "trainings_assign_to_check" CHECK ("trainings"."assign_to" in ('all', 'some'))
);
--> statement-breakpoint
DROP INDEX "sessions_user_idx";--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "sort_last" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "sort_first" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_assignments" ADD CONSTRAINT "checklist_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_assignments" ADD CONSTRAINT "checklist_assignments_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_courses" ADD CONSTRAINT "training_courses_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_courses" ADD CONSTRAINT "training_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_members" ADD CONSTRAINT "training_members_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_members" ADD CONSTRAINT "training_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_assignments_checklist_idx" ON "checklist_assignments" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "checklists_title_idx" ON "checklists" USING btree ("title");--> statement-breakpoint
CREATE INDEX "course_completions_course_idx" ON "course_completions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_completions_user_completed_idx" ON "course_completions" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "courses_name_idx" ON "courses" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "courses_name_trgm_idx" ON "courses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_attendees_user_idx" ON "event_attendees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "training_courses_course_idx" ON "training_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "training_members_user_idx" ON "training_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trainings_team_created_idx" ON "trainings" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trainings_title_trgm_idx" ON "trainings" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "team_members_name_order_idx" ON "team_members" USING btree ("team_id","sort_last","sort_first","user_id");--> statement-breakpoint
CREATE INDEX "users_location_idx" ON "users" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "users_department_idx" ON "users" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","created_at");--> statement-breakpoint
-- Written by hand: team_members.sort_last/sort_first follow the user's name (see schema.ts).
UPDATE "team_members" AS m SET "sort_last" = lower(u."last_name"), "sort_first" = lower(u."first_name")
  FROM "users" AS u WHERE u."id" = m."user_id";--> statement-breakpoint
CREATE FUNCTION "team_members_fill_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u."last_name"), lower(u."first_name") INTO NEW."sort_last", NEW."sort_first"
    FROM "users" AS u WHERE u."id" = NEW."user_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "team_members_sort_name" BEFORE INSERT OR UPDATE OF "user_id" ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "team_members_fill_sort_name"();--> statement-breakpoint
CREATE FUNCTION "users_refresh_member_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "team_members" SET "sort_last" = lower(NEW."last_name"), "sort_first" = lower(NEW."first_name")
    WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_member_sort_name" AFTER UPDATE OF "first_name", "last_name" ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name")
  EXECUTE FUNCTION "users_refresh_member_sort_name"();
