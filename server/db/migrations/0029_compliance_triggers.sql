-- The compliance figures are kept up to date (server/db/compliance.ts): every change to what the
-- assignment model reads marks the learners or the assignments it touches, in the same
-- transaction, and the next refresh works their facts out again. Statement triggers with
-- transition tables, so a change of many rows costs one insert.
CREATE FUNCTION compliance_mark_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO compliance_dirty (user_id) SELECT DISTINCT user_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO compliance_dirty (user_id) SELECT DISTINCT user_id FROM old_rows;
  ELSE
    INSERT INTO compliance_dirty (user_id) SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION compliance_mark_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO compliance_dirty (assignment_id) SELECT DISTINCT assignment_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO compliance_dirty (assignment_id) SELECT DISTINCT assignment_id FROM old_rows;
  ELSE
    INSERT INTO compliance_dirty (assignment_id)
      SELECT assignment_id FROM new_rows UNION SELECT assignment_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A user counts while enabled: a change of status or a deletion marks them.
CREATE FUNCTION compliance_mark_user_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO compliance_dirty (user_id) SELECT id FROM old_rows;
  ELSE
    INSERT INTO compliance_dirty (user_id)
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.status IS DISTINCT FROM o.status;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An assignment's kind, deadline and expiry shape its learners' facts; its title does not.
CREATE FUNCTION compliance_mark_assignment_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO compliance_dirty (assignment_id) SELECT id FROM old_rows;
  ELSE
    INSERT INTO compliance_dirty (assignment_id)
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.kind, n.deadline, n.due_within_days, n.expiry_type, n.expiry_date, n.expiry_value, n.expiry_unit)
             IS DISTINCT FROM (o.kind, o.deadline, o.due_within_days, o.expiry_type, o.expiry_date, o.expiry_value, o.expiry_unit);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A reassignment (a new round and deadline) marks its learners; the time a mail went does not.
CREATE FUNCTION compliance_mark_learner_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO compliance_dirty (user_id) SELECT DISTINCT user_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO compliance_dirty (user_id) SELECT DISTINCT user_id FROM old_rows;
  ELSE
    INSERT INTO compliance_dirty (user_id)
      SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.assignment_id = n.assignment_id AND o.user_id = n.user_id
       WHERE (n.started_at, n.deadline) IS DISTINCT FROM (o.started_at, o.deadline)
      UNION SELECT o.user_id FROM old_rows o
       WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.assignment_id = o.assignment_id AND n.user_id = o.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER compliance_completions_insert AFTER INSERT ON course_completions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_users();
--> statement-breakpoint
CREATE TRIGGER compliance_completions_update AFTER UPDATE ON course_completions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_users();
--> statement-breakpoint
CREATE TRIGGER compliance_completions_delete AFTER DELETE ON course_completions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_users();
--> statement-breakpoint
CREATE TRIGGER compliance_team_members_insert AFTER INSERT ON team_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_users();
--> statement-breakpoint
CREATE TRIGGER compliance_team_members_update AFTER UPDATE ON team_members REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_users();
--> statement-breakpoint
CREATE TRIGGER compliance_team_members_delete AFTER DELETE ON team_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_users();
--> statement-breakpoint
CREATE TRIGGER compliance_group_members_insert AFTER INSERT ON user_group_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_users();
--> statement-breakpoint
CREATE TRIGGER compliance_group_members_update AFTER UPDATE ON user_group_members REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_users();
--> statement-breakpoint
CREATE TRIGGER compliance_group_members_delete AFTER DELETE ON user_group_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_users();
--> statement-breakpoint
CREATE TRIGGER compliance_learners_insert AFTER INSERT ON course_assignment_learners REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_learner_rows();
--> statement-breakpoint
CREATE TRIGGER compliance_learners_update AFTER UPDATE ON course_assignment_learners REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_learner_rows();
--> statement-breakpoint
CREATE TRIGGER compliance_learners_delete AFTER DELETE ON course_assignment_learners REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_learner_rows();
--> statement-breakpoint
CREATE TRIGGER compliance_users_update AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_user_rows();
--> statement-breakpoint
CREATE TRIGGER compliance_users_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_user_rows();
--> statement-breakpoint
CREATE TRIGGER compliance_assignees_insert AFTER INSERT ON course_assignment_assignees REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_assignments();
--> statement-breakpoint
CREATE TRIGGER compliance_assignees_update AFTER UPDATE ON course_assignment_assignees REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_assignments();
--> statement-breakpoint
CREATE TRIGGER compliance_assignees_delete AFTER DELETE ON course_assignment_assignees REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_assignments();
--> statement-breakpoint
CREATE TRIGGER compliance_assignment_courses_insert AFTER INSERT ON course_assignment_courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_assignments();
--> statement-breakpoint
CREATE TRIGGER compliance_assignment_courses_update AFTER UPDATE ON course_assignment_courses REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_assignments();
--> statement-breakpoint
CREATE TRIGGER compliance_assignment_courses_delete AFTER DELETE ON course_assignment_courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_assignments();
--> statement-breakpoint
CREATE TRIGGER compliance_assignments_update AFTER UPDATE ON course_assignments REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_assignment_rows();
--> statement-breakpoint
CREATE TRIGGER compliance_assignments_delete AFTER DELETE ON course_assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_mark_assignment_rows();
--> statement-breakpoint
-- The counts start empty at the moment of the migration; every existing learner is marked, so the
-- first refresh fills them.
INSERT INTO compliance_checkpoint (id, at) VALUES (1, now());
--> statement-breakpoint
INSERT INTO compliance_dirty (user_id) SELECT id FROM users;
