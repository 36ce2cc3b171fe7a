ALTER TABLE "team_members" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Memberships made before this migration were not dated: the latest of the user's and the team's
-- (or group's) creation is the earliest day the membership can have begun.
UPDATE "team_members" m SET "joined_at" = greatest(u."created_at", t."created_at")
  FROM "users" u, "teams" t WHERE u."id" = m."user_id" AND t."id" = m."team_id";--> statement-breakpoint
UPDATE "user_group_members" m SET "joined_at" = greatest(u."created_at", g."created_at")
  FROM "users" u, "user_groups" g WHERE u."id" = m."user_id" AND g."id" = m."group_id";
