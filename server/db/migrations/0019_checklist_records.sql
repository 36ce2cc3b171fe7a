CREATE TABLE "checklist_observers" (
	"checklist_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "checklist_observers_checklist_id_user_id_pk" PRIMARY KEY("checklist_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"checklist_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" bigint,
	"withdraws_id" uuid,
	"withdrawn_at" timestamp with time zone,
	"done_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_records_action_check" CHECK ("checklist_records"."action" in ('done', 'notYet', 'withdraw')),
	CONSTRAINT "checklist_records_role_check" CHECK ("checklist_records"."actor_role" in ('learner', 'lead', 'observer'))
);
--> statement-breakpoint
ALTER TABLE "course_outline_items" DROP CONSTRAINT "course_outline_items_one_check";--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD COLUMN "checklist_id" uuid;--> statement-breakpoint
ALTER TABLE "checklist_observers" ADD CONSTRAINT "checklist_observers_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_observers" ADD CONSTRAINT "checklist_observers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_activity_id_checklist_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."checklist_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_records" ADD CONSTRAINT "checklist_records_withdraws_id_checklist_records_id_fk" FOREIGN KEY ("withdraws_id") REFERENCES "public"."checklist_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_observers_user_idx" ON "checklist_observers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checklist_records_item_idx" ON "checklist_records" USING btree ("user_id","activity_id","done_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_records_done_idx" ON "checklist_records" USING btree ("user_id","activity_id","done_at" DESC NULLS LAST) WHERE "checklist_records"."action" = 'done' and "checklist_records"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "checklist_records_user_checklist_idx" ON "checklist_records" USING btree ("user_id","checklist_id");--> statement-breakpoint
CREATE INDEX "checklist_records_checklist_idx" ON "checklist_records" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "checklist_records_activity_idx" ON "checklist_records" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "checklist_records_actor_idx" ON "checklist_records" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "checklist_records_withdraws_idx" ON "checklist_records" USING btree ("withdraws_id");--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD CONSTRAINT "course_outline_items_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_outline_items_checklist_idx" ON "course_outline_items" USING btree ("course_id","checklist_id");--> statement-breakpoint
CREATE INDEX "course_outline_items_checklist_ref_idx" ON "course_outline_items" USING btree ("checklist_id");--> statement-breakpoint
ALTER TABLE "course_outline_items" ADD CONSTRAINT "course_outline_items_one_check" CHECK (num_nonnulls("course_outline_items"."lesson_id", "course_outline_items"."quiz_id", "course_outline_items"."checklist_id") = 1);