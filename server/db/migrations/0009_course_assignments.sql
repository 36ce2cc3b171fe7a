CREATE TABLE "course_assignment_assignees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"user_id" uuid,
	"group_id" uuid,
	"team_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_assignment_assignees_one_check" CHECK (num_nonnulls("course_assignment_assignees"."user_id", "course_assignment_assignees"."group_id", "course_assignment_assignees"."team_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "course_assignment_courses" (
	"assignment_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	CONSTRAINT "course_assignment_courses_assignment_id_course_id_pk" PRIMARY KEY("assignment_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "course_assignment_learners" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone,
	"deadline" date,
	"last_emailed_at" timestamp with time zone,
	CONSTRAINT "course_assignment_learners_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'assigned' NOT NULL,
	"assignee_kind" text NOT NULL,
	"team_id" uuid,
	"deadline" date,
	"due_within_days" integer,
	"expiry_type" text DEFAULT 'none' NOT NULL,
	"expiry_date" date,
	"expiry_value" integer,
	"expiry_unit" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "course_assignments_kind_check" CHECK ("course_assignments"."kind" in ('assigned', 'suggested')),
	CONSTRAINT "course_assignments_assignee_kind_check" CHECK ("course_assignments"."assignee_kind" in ('users', 'groups', 'teams')),
	CONSTRAINT "course_assignments_deadline_check" CHECK ("course_assignments"."due_within_days" is null or ("course_assignments"."deadline" is null and "course_assignments"."due_within_days" > 0)),
	CONSTRAINT "course_assignments_expiry_check" CHECK (("course_assignments"."expiry_type" = 'none' and "course_assignments"."expiry_date" is null and "course_assignments"."expiry_value" is null and "course_assignments"."expiry_unit" is null)
       or ("course_assignments"."expiry_type" = 'fixed' and "course_assignments"."expiry_date" is not null and "course_assignments"."expiry_value" is null and "course_assignments"."expiry_unit" is null)
       or ("course_assignments"."expiry_type" = 'dynamic' and "course_assignments"."expiry_date" is null and "course_assignments"."expiry_value" > 0
           and "course_assignments"."expiry_unit" in ('days', 'weeks', 'months', 'years')))
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "course_completions" DROP CONSTRAINT "course_completions_user_id_course_id_pk";--> statement-breakpoint
ALTER TABLE "course_completions" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "course_assignment_assignees" ADD CONSTRAINT "course_assignment_assignees_assignment_id_course_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."course_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignment_assignees" ADD CONSTRAINT "course_assignment_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignment_assignees" ADD CONSTRAINT "course_assignment_assignees_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignment_assignees" ADD CONSTRAINT "course_assignment_assignees_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignment_courses" ADD CONSTRAINT "course_assignment_courses_assignment_id_course_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."course_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignment_courses" ADD CONSTRAINT "course_assignment_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignment_learners" ADD CONSTRAINT "course_assignment_learners_assignment_id_course_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."course_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignment_learners" ADD CONSTRAINT "course_assignment_learners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignments" ADD CONSTRAINT "course_assignments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignments" ADD CONSTRAINT "course_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_assignment_assignees_user_idx" ON "course_assignment_assignees" USING btree ("assignment_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_assignment_assignees_group_idx" ON "course_assignment_assignees" USING btree ("assignment_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_assignment_assignees_team_idx" ON "course_assignment_assignees" USING btree ("assignment_id","team_id");--> statement-breakpoint
CREATE INDEX "course_assignment_assignees_user_ref_idx" ON "course_assignment_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_assignment_assignees_group_ref_idx" ON "course_assignment_assignees" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "course_assignment_assignees_team_ref_idx" ON "course_assignment_assignees" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "course_assignment_courses_course_idx" ON "course_assignment_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_assignment_learners_user_idx" ON "course_assignment_learners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_assignments_created_idx" ON "course_assignments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_assignments_team_idx" ON "course_assignments" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_assignments_title_trgm_idx" ON "course_assignments" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "course_progress_course_idx" ON "course_progress" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_completions_user_course_idx" ON "course_completions" USING btree ("user_id","course_id","completed_at" DESC NULLS LAST);--> statement-breakpoint
-- The team dashboard's trainings become course assignments with the same ids: a training for the
-- whole team ('all') is assigned to the team, one for chosen members ('some') to those users, with
-- the day each was added and the day each was last mailed.
INSERT INTO "course_assignments" ("id", "title", "kind", "assignee_kind", "team_id", "deadline", "created_by", "created_at", "updated_at", "version")
  SELECT "id", "title", 'assigned', CASE "assign_to" WHEN 'all' THEN 'teams' ELSE 'users' END, "team_id", "deadline", "created_by", "created_at", "updated_at", "version"
    FROM "trainings";--> statement-breakpoint
INSERT INTO "course_assignment_courses" ("assignment_id", "course_id")
  SELECT "training_id", "course_id" FROM "training_courses";--> statement-breakpoint
INSERT INTO "course_assignment_assignees" ("assignment_id", "team_id", "added_at")
  SELECT "id", "team_id", "created_at" FROM "trainings" WHERE "assign_to" = 'all';--> statement-breakpoint
INSERT INTO "course_assignment_assignees" ("assignment_id", "user_id", "added_at")
  SELECT m."training_id", m."user_id", m."assigned_at"
    FROM "training_members" m JOIN "trainings" t ON t."id" = m."training_id" WHERE t."assign_to" = 'some';--> statement-breakpoint
INSERT INTO "course_assignment_learners" ("assignment_id", "user_id", "last_emailed_at")
  SELECT m."training_id", m."user_id", m."last_emailed_at"
    FROM "training_members" m JOIN "trainings" t ON t."id" = m."training_id"
   WHERE t."assign_to" = 'some' AND m."last_emailed_at" IS NOT NULL;
