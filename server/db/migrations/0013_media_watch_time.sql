CREATE TABLE "activity_serves" (
	"user_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"first_served_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_serves_user_id_activity_id_pk" PRIMARY KEY("user_id","activity_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_activities" ADD COLUMN "media_duration" real;--> statement-breakpoint
ALTER TABLE "activity_serves" ADD CONSTRAINT "activity_serves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_serves" ADD CONSTRAINT "activity_serves_activity_id_lesson_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."lesson_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_serves_activity_idx" ON "activity_serves" USING btree ("activity_id");