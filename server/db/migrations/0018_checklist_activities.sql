CREATE TABLE "checklist_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "checklist_activities_type_check" CHECK ("checklist_activities"."type" in ('learnerTick', 'leadSignOff', 'observerSignOff', 'evidence', 'writtenAnswer', 'rating'))
);
--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_activities" ADD CONSTRAINT "checklist_activities_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_activities_checklist_idx" ON "checklist_activities" USING btree ("checklist_id","position");--> statement-breakpoint
CREATE INDEX "checklists_created_idx" ON "checklists" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklists_title_trgm_idx" ON "checklists" USING gin ("title" gin_trgm_ops);