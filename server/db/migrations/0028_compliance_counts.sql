CREATE TABLE "compliance_checkpoint" (
	"id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_counts" (
	"team_key" uuid NOT NULL,
	"course_key" uuid NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"overdue" integer DEFAULT 0 NOT NULL,
	"expiring" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "compliance_counts_team_key_course_key_pk" PRIMARY KEY("team_key","course_key")
);
--> statement-breakpoint
CREATE TABLE "compliance_dirty" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"assignment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "compliance_facts" (
	"user_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"round_start" timestamp with time zone,
	"deadline" date,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "compliance_facts_user_id_assignment_id_course_id_pk" PRIMARY KEY("user_id","assignment_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "compliance_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "compliance_facts_assignment_idx" ON "compliance_facts" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "compliance_facts_expires_idx" ON "compliance_facts" USING btree ("expires_at") WHERE "compliance_facts"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "compliance_facts_deadline_idx" ON "compliance_facts" USING btree ("deadline") WHERE "compliance_facts"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "compliance_members_user_idx" ON "compliance_members" USING btree ("user_id");