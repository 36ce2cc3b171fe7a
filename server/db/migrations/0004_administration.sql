CREATE TABLE "profile_field_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_field_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "profile_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"group_id" uuid NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_assignable_groups" (
	"team_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "team_assignable_groups_team_id_group_id_pk" PRIMARY KEY("team_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "team_courses" (
	"team_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	CONSTRAINT "team_courses_team_id_course_id_pk" PRIMARY KEY("team_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "team_member_teams" (
	"team_id" uuid NOT NULL,
	"member_team_id" uuid NOT NULL,
	CONSTRAINT "team_member_teams_team_id_member_team_id_pk" PRIMARY KEY("team_id","member_team_id"),
	CONSTRAINT "team_member_teams_not_self_check" CHECK ("team_member_teams"."team_id" <> "team_member_teams"."member_team_id")
);
--> statement-breakpoint
CREATE TABLE "team_membership_roles" (
	"team_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "team_membership_roles_team_id_role_id_pk" PRIMARY KEY("team_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_profile_values" (
	"user_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "user_profile_values_user_id_field_id_pk" PRIMARY KEY("user_id","field_id")
);
--> statement-breakpoint
ALTER TABLE "profile_fields" ADD CONSTRAINT "profile_fields_group_id_profile_field_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."profile_field_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_assignable_groups" ADD CONSTRAINT "team_assignable_groups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_assignable_groups" ADD CONSTRAINT "team_assignable_groups_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_courses" ADD CONSTRAINT "team_courses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_courses" ADD CONSTRAINT "team_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_teams" ADD CONSTRAINT "team_member_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_teams" ADD CONSTRAINT "team_member_teams_member_team_id_teams_id_fk" FOREIGN KEY ("member_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_membership_roles" ADD CONSTRAINT "team_membership_roles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_membership_roles" ADD CONSTRAINT "team_membership_roles_role_id_membership_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."membership_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_values" ADD CONSTRAINT "user_profile_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_values" ADD CONSTRAINT "user_profile_values_field_id_profile_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."profile_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_fields_created_idx" ON "profile_fields" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profile_fields_group_idx" ON "profile_fields" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "profile_fields_name_trgm_idx" ON "profile_fields" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "team_assignable_groups_group_idx" ON "team_assignable_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "team_courses_course_idx" ON "team_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "team_member_teams_member_idx" ON "team_member_teams" USING btree ("member_team_id");--> statement-breakpoint
CREATE INDEX "team_membership_roles_role_idx" ON "team_membership_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "user_profile_values_field_idx" ON "user_profile_values" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "user_groups_created_idx" ON "user_groups" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_groups_name_trgm_idx" ON "user_groups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_membership_level_idx" ON "users" USING btree ("membership_level_id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);