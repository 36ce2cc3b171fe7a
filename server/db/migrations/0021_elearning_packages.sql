CREATE TABLE "elearning_commits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"record_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "elearning_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"scorm_version" text NOT NULL,
	"organization_title" text DEFAULT '' NOT NULL,
	"structure" jsonb NOT NULL,
	"mastery_score" integer,
	"completion_rule" text DEFAULT 'reported' NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_key" text NOT NULL,
	"package_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "elearning_packages_version_check" CHECK ("elearning_packages"."scorm_version" in ('1.2', '2004-3', '2004-4')),
	CONSTRAINT "elearning_packages_rule_check" CHECK ("elearning_packages"."completion_rule" in ('reported', 'launch', 'exit')),
	CONSTRAINT "elearning_packages_mastery_check" CHECK ("elearning_packages"."mastery_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "elearning_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"sco_id" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"cmi" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"element_times" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completion_status" text DEFAULT 'not attempted' NOT NULL,
	"success_status" text DEFAULT 'unknown' NOT NULL,
	"score_raw" double precision,
	"score_max" double precision,
	"score_scaled" double precision,
	"location" text DEFAULT '' NOT NULL,
	"total_seconds" double precision DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"launched_at" timestamp with time zone,
	"exited_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_access_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "elearning_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"record_id" uuid NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_outline_items" DROP CONSTRAINT "course_outline_items_one_check";--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD COLUMN "elearning_package_id" uuid;--> statement-breakpoint
ALTER TABLE "elearning_commits" ADD CONSTRAINT "elearning_commits_record_id_elearning_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."elearning_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elearning_records" ADD CONSTRAINT "elearning_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elearning_records" ADD CONSTRAINT "elearning_records_package_id_elearning_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."elearning_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elearning_sessions" ADD CONSTRAINT "elearning_sessions_record_id_elearning_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."elearning_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "elearning_commits_record_idx" ON "elearning_commits" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "elearning_packages_title_idx" ON "elearning_packages" USING btree ("title");--> statement-breakpoint
CREATE INDEX "elearning_packages_created_idx" ON "elearning_packages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "elearning_packages_title_trgm_idx" ON "elearning_packages" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "elearning_records_unique_idx" ON "elearning_records" USING btree ("user_id","package_id","sco_id","attempt");--> statement-breakpoint
CREATE INDEX "elearning_records_package_idx" ON "elearning_records" USING btree ("package_id","user_id");--> statement-breakpoint
CREATE INDEX "elearning_sessions_record_idx" ON "elearning_sessions" USING btree ("record_id");--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD CONSTRAINT "course_outline_items_elearning_package_id_elearning_packages_id_fk" FOREIGN KEY ("elearning_package_id") REFERENCES "public"."elearning_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_outline_items_package_idx" ON "course_outline_items" USING btree ("course_id","elearning_package_id");--> statement-breakpoint
CREATE INDEX "course_outline_items_package_ref_idx" ON "course_outline_items" USING btree ("elearning_package_id");--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD CONSTRAINT "course_outline_items_one_check" CHECK (num_nonnulls("course_outline_items"."lesson_id", "course_outline_items"."quiz_id", "course_outline_items"."checklist_id", "course_outline_items"."elearning_package_id") = 1);