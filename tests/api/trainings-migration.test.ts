import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/rows.ts';

// The team dashboard's trainings became course assignments (migration 0009): this file builds a
// database as it was before, with trainings in it, and migrates it the rest of the way.

const migrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const LAST_BEFORE = '0008_membership_join_dates';
/** A timestamp column as ISO text in UTC, whichever way the driver would parse it. */
const utc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ${column}`);

let client: PGlite;
let db: ReturnType<typeof drizzle>;
let before: string;
beforeAll(async () => {
  before = mkdtempSync(join(tmpdir(), 'training-admin-migrations-'));
  cpSync(migrations, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === LAST_BEFORE);
  expect(last).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  client = new PGlite({ extensions: { pg_trgm } });
  db = drizzle({ client });
  await migrate(db, { migrationsFolder: before });
});
afterAll(async () => {
  await client.close();
  rmSync(before, { recursive: true, force: true });
});

const ids = {
  lead: '10000000-0000-4000-8000-000000000001',
  ann: '10000000-0000-4000-8000-000000000002',
  bob: '10000000-0000-4000-8000-000000000003',
  team: '20000000-0000-4000-8000-000000000001',
  safety: '30000000-0000-4000-8000-000000000001',
  privacy: '30000000-0000-4000-8000-000000000002',
  all: '40000000-0000-4000-8000-000000000001',
  some: '40000000-0000-4000-8000-000000000002',
};

describe('migrating trainings to course assignments', () => {
  it('keeps every training with its id, courses, deadline, member choice and mail dates', async () => {
    await db.execute(sql`
      insert into users (id, first_name, last_name, email, password_hash) values
        (${ids.lead}, 'Lee', 'Lead', 'lee@example.com', 'x'),
        (${ids.ann}, 'Ann', 'Able', 'ann@example.com', 'x'),
        (${ids.bob}, 'Bob', 'Baker', 'bob@example.com', 'x')`);
    await db.execute(
      sql`insert into teams (id, title, team_name) values (${ids.team}, 'Migrated team', 'migrated')`,
    );
    await db.execute(
      sql`insert into team_members (team_id, user_id) values (${ids.team}, ${ids.ann}), (${ids.team}, ${ids.bob})`,
    );
    await db.execute(
      sql`insert into courses (id, name) values (${ids.safety}, 'Safety'), (${ids.privacy}, 'Privacy')`,
    );
    await db.execute(sql`
      insert into trainings (id, team_id, title, deadline, assign_to, created_by, created_at, version) values
        (${ids.all}, ${ids.team}, 'Everyone', '2031-05-01', 'all', ${ids.lead}, '2026-01-02T03:04:05Z', 3),
        (${ids.some}, ${ids.team}, 'Chosen', null, 'some', ${ids.lead}, '2026-02-03T04:05:06Z', 1)`);
    await db.execute(sql`
      insert into training_courses (training_id, course_id) values
        (${ids.all}, ${ids.safety}), (${ids.all}, ${ids.privacy}), (${ids.some}, ${ids.privacy})`);
    await db.execute(sql`
      insert into training_members (training_id, user_id, assigned_at, last_emailed_at) values
        (${ids.some}, ${ids.ann}, '2026-02-03T04:05:06Z', '2026-02-10T00:00:00Z'),
        (${ids.some}, ${ids.bob}, '2026-02-04T00:00:00Z', null)`);

    await migrate(db, { migrationsFolder: migrations });

    const assignments = await queryRows(
      db as never,
      sql`select id, title, kind, assignee_kind, team_id, deadline::text as deadline, due_within_days,
                 expiry_type, created_by, ${utc('created_at')}, version
            from course_assignments order by title`,
    );
    expect(assignments).toEqual([
      {
        id: ids.some,
        title: 'Chosen',
        kind: 'assigned',
        assignee_kind: 'users',
        team_id: ids.team,
        deadline: null,
        due_within_days: null,
        expiry_type: 'none',
        created_by: ids.lead,
        created_at: '2026-02-03T04:05:06Z',
        version: 1,
      },
      {
        id: ids.all,
        title: 'Everyone',
        kind: 'assigned',
        assignee_kind: 'teams',
        team_id: ids.team,
        deadline: '2031-05-01',
        due_within_days: null,
        expiry_type: 'none',
        created_by: ids.lead,
        created_at: '2026-01-02T03:04:05Z',
        version: 3,
      },
    ]);
    expect(
      await queryRows(
        db as never,
        sql`select assignment_id, course_id from course_assignment_courses order by assignment_id, course_id`,
      ),
    ).toEqual(
      [
        { assignment_id: ids.all, course_id: ids.safety },
        { assignment_id: ids.all, course_id: ids.privacy },
        { assignment_id: ids.some, course_id: ids.privacy },
      ].sort(
        (a, b) => a.assignment_id.localeCompare(b.assignment_id) || a.course_id.localeCompare(b.course_id),
      ),
    );
    expect(
      await queryRows(
        db as never,
        sql`select assignment_id, user_id, team_id, ${utc('added_at')} from course_assignment_assignees
             order by assignment_id, user_id nulls first`,
      ),
    ).toEqual([
      {
        assignment_id: ids.all,
        user_id: null,
        team_id: ids.team,
        added_at: '2026-01-02T03:04:05Z',
      },
      {
        assignment_id: ids.some,
        user_id: ids.ann,
        team_id: null,
        added_at: '2026-02-03T04:05:06Z',
      },
      {
        assignment_id: ids.some,
        user_id: ids.bob,
        team_id: null,
        added_at: '2026-02-04T00:00:00Z',
      },
    ]);
    expect(
      await queryRows(
        db as never,
        sql`select assignment_id, user_id, ${utc('last_emailed_at')} from course_assignment_learners`,
      ),
    ).toEqual([{ assignment_id: ids.some, user_id: ids.ann, last_emailed_at: '2026-02-10T00:00:00Z' }]);
    const [gone] = await queryRows<{ n: number }>(
      db as never,
      sql`select count(*)::int as n from information_schema.tables where table_name like 'training%'`,
    );
    expect(gone?.n).toBe(0);
  });
});
