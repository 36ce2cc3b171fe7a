CREATE TABLE "course_outline_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"lesson_id" uuid,
	"quiz_id" uuid,
	CONSTRAINT "course_outline_items_one_check" CHECK (num_nonnulls("course_outline_items"."lesson_id", "course_outline_items"."quiz_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "course_permission_subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid,
	"user_group_id" uuid,
	"membership_level_id" uuid,
	CONSTRAINT "course_permission_subjects_one_check" CHECK (num_nonnulls("course_permission_subjects"."user_id", "course_permission_subjects"."user_group_id", "course_permission_subjects"."membership_level_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "lesson_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"activity_type" text NOT NULL,
	"video_type" text,
	"url" text,
	"custom_embed" text,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" bigint,
	"preview_file_key" text,
	"preview_file_name" text,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "lesson_activities_type_check" CHECK ("lesson_activities"."activity_type" in ('customEmbed', 'audioPlayer', 'videoPlayer', 'pdfDocument', 'fileUpload', 'powerpoint', 'interactiveContent')),
	CONSTRAINT "lesson_activities_video_type_check" CHECK ("lesson_activities"."video_type" in ('mp4', 'facebook', 'vimeo', 'youtube'))
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"points" integer DEFAULT 1 NOT NULL,
	"feedback" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quiz_questions_kind_check" CHECK ("quiz_questions"."kind" in ('singleChoice', 'multipleChoice', 'trueFalse', 'shortAnswer')),
	CONSTRAINT "quiz_questions_points_check" CHECK ("quiz_questions"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"pass_mark" integer DEFAULT 70 NOT NULL,
	"attempts_allowed" integer,
	"time_limit_minutes" integer,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quizzes_pass_mark_check" CHECK ("quizzes"."pass_mark" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "external_link" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "external_title" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "additional_external_link" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "additional_external_link_title" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "permission" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD CONSTRAINT "course_outline_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD CONSTRAINT "course_outline_items_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD CONSTRAINT "course_outline_items_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_permission_subjects" ADD CONSTRAINT "course_permission_subjects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_permission_subjects" ADD CONSTRAINT "course_permission_subjects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_permission_subjects" ADD CONSTRAINT "course_permission_subjects_user_group_id_user_groups_id_fk" FOREIGN KEY ("user_group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_permission_subjects" ADD CONSTRAINT "course_permission_subjects_membership_level_id_membership_levels_id_fk" FOREIGN KEY ("membership_level_id") REFERENCES "public"."membership_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_activities" ADD CONSTRAINT "lesson_activities_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_outline_items_course_idx" ON "course_outline_items" USING btree ("course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "course_outline_items_lesson_idx" ON "course_outline_items" USING btree ("course_id","lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_outline_items_quiz_idx" ON "course_outline_items" USING btree ("course_id","quiz_id");--> statement-breakpoint
CREATE INDEX "course_outline_items_lesson_ref_idx" ON "course_outline_items" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "course_outline_items_quiz_ref_idx" ON "course_outline_items" USING btree ("quiz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_permission_subjects_unique_idx" ON "course_permission_subjects" USING btree ("course_id",coalesce("user_id", "user_group_id", "membership_level_id"));--> statement-breakpoint
CREATE INDEX "course_permission_subjects_user_idx" ON "course_permission_subjects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_permission_subjects_group_idx" ON "course_permission_subjects" USING btree ("user_group_id");--> statement-breakpoint
CREATE INDEX "course_permission_subjects_level_idx" ON "course_permission_subjects" USING btree ("membership_level_id");--> statement-breakpoint
CREATE INDEX "lesson_activities_lesson_idx" ON "lesson_activities" USING btree ("lesson_id","position");--> statement-breakpoint
CREATE INDEX "lessons_created_idx" ON "lessons" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lessons_name_trgm_idx" ON "lessons" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quiz_questions_quiz_idx" ON "quiz_questions" USING btree ("quiz_id","position");--> statement-breakpoint
CREATE INDEX "quizzes_created_idx" ON "quizzes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quizzes_name_trgm_idx" ON "quizzes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_course_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."course_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_created_idx" ON "courses" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_permission_check" CHECK ("courses"."permission" in ('none', 'user', 'group', 'membership'));