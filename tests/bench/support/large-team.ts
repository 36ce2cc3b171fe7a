import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../../server/db/client.ts';
import { courses } from '../../../server/db/schema/courses.ts';
import { teamLeads, teams } from '../../../server/db/schema/teams.ts';
import { users } from '../../../server/db/schema/users.ts';
import { seedIfEmpty } from '../../../server/db/seed.ts';
import { demoAccounts, firstNames, lastNames } from '../../../server/db/seed-data.ts';

export const LARGE_TEAM_TITLE = 'Large Team';

export type LargeTeamOptions = {
  members: number;
  /** Who leads the team; the demo lead by default. */
  leadEmail?: string;
};

/**
 * Adds a team of `members` members to a database that has the demo seed, led by the demo lead,
 * with realistic training: four course assignments for the whole team and one for 5% of it, completions by
 * about 60% of the members (each completing a share of their courses of their own), checklist
 * records on the checklists of their courses' outlines for two thirds, and past sign-ins for a tenth. Everything is written by a handful of set-based
 * statements (generate_series), so 10,000 members take seconds. Returns the team's id.
 *
 * The choices are derived from the row number and hashes of ids, not from random(), so two runs
 * give data of the same shape.
 */
export async function seedLargeTeam(
  db: Database,
  { members, leadEmail = demoAccounts.lead.email }: LargeTeamOptions,
) {
  const [lead] = await db.select({ id: users.id }).from(users).where(eq(users.email, leadEmail));
  if (!lead) throw new Error(`${leadEmail} does not exist; seed the demo data first`);
  const enabled = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.status, true))
    .orderBy(courses.name);
  if (enabled.length < 8) throw new Error('The demo courses are missing; seed the demo data first');

  return db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({ title: LARGE_TEAM_TITLE, teamName: 'large-team', teamMemberType: 'users' })
      .returning({ id: teams.id });
    if (!team) throw new Error('Inserting the large team returned nothing');
    await tx.insert(teamLeads).values({ teamId: team.id, userId: lead.id });

    // Members: names from the demo lists, unique emails, a location and a department each.
    await tx.execute(sql`
      with lookups as (
        select (select array_agg(id order by title) from locations) as locations,
               (select array_agg(id order by title) from departments) as departments,
               string_to_array(${firstNames.join(',')}, ',') as first_names,
               string_to_array(${lastNames.join(',')}, ',') as last_names
      ),
      inserted as (
        insert into users (first_name, last_name, email, password_hash, location_id, department_id, default_team_id)
        select l.first_names[1 + (i * 7) % cardinality(l.first_names)],
               l.last_names[1 + (i * 13 + i / 50) % cardinality(l.last_names)],
               'large.member.' || i || '@example.com',
               '!large-team-member',
               l.locations[1 + (i * 3) % cardinality(l.locations)],
               l.departments[1 + (i * 11) % cardinality(l.departments)],
               ${team.id}::uuid
          from generate_series(1, ${members}) as i, lookups l
        returning id
      )
      insert into team_members (team_id, user_id, joined_at)
      select ${team.id}::uuid, id, now() - interval '90 days' from inserted`);

    await tx.execute(sql`
      insert into user_membership_roles (user_id, role_id)
      select m.user_id, (select array_agg(id order by name) from membership_roles)[1 + abs(hashtext(m.user_id::text)) % 4]
        from team_members m where m.team_id = ${team.id}::uuid`);

    // Four trainings of three courses for everyone, one of two courses for 5% of the team.
    const plans = [
      { title: 'Large Team Onboarding', courses: [0, 1, 2], deadline: sql`current_date + 30`, days: 60 },
      { title: 'Large Team Safety', courses: [3, 4, 5], deadline: null, days: 40 },
      { title: 'Large Team Service', courses: [1, 6, 7], deadline: sql`current_date + 14`, days: 20 },
      { title: 'Large Team Refresher', courses: [2, 5, 8], deadline: null, days: 10 },
    ];
    for (const plan of plans) {
      await tx.execute(sql`
        with made as (
          insert into course_assignments (team_id, title, deadline, assignee_kind, created_by, created_at, updated_at)
          values (${team.id}::uuid, ${plan.title}, ${plan.deadline}, 'teams', ${lead.id}::uuid,
                  now() - ${plan.days} * interval '1 day', now() - ${plan.days} * interval '1 day')
          returning id, created_at
        ),
        assignee as (
          insert into course_assignment_assignees (assignment_id, team_id, added_at)
          select made.id, ${team.id}::uuid, made.created_at from made
        )
        insert into course_assignment_courses (assignment_id, course_id)
        select made.id, course_id::uuid from made,
               unnest(string_to_array(${plan.courses.map((index) => enabled[index]?.id).join(',')}, ',')) as course_id`);
    }
    await tx.execute(sql`
      with made as (
        insert into course_assignments (team_id, title, deadline, assignee_kind, created_by, created_at, updated_at)
        values (${team.id}::uuid, 'Large Team Leaders', current_date + 45, 'users', ${lead.id}::uuid,
                now() - interval '5 days', now() - interval '5 days')
        returning id
      ),
      courses as (
        insert into course_assignment_courses (assignment_id, course_id)
        select made.id, course_id::uuid from made,
               unnest(string_to_array(${[enabled[9]?.id, enabled[10]?.id ?? enabled[0]?.id].join(',')}, ',')) as course_id
        returning assignment_id
      )
      insert into course_assignment_assignees (assignment_id, user_id, added_at)
      select made.id, m.user_id, now() - interval '5 days'
        from made, team_members m
       where m.team_id = ${team.id}::uuid and abs(hashtext(m.user_id::text || 'leaders')) % 20 = 0`);

    // Completions: 60% of the members are active, each completing a share of the courses they have.
    await tx.execute(sql`
      insert into course_completions (user_id, course_id, completed_at)
      select distinct on (m.user_id, tc.course_id) m.user_id, tc.course_id,
             now() - (abs(hashtext(m.user_id::text || tc.course_id::text)) % 60) * interval '1 day'
        from team_members m
        join course_assignments t on t.team_id = m.team_id
        join course_assignment_courses tc on tc.assignment_id = t.id
       where m.team_id = ${team.id}::uuid
         and abs(hashtext(m.user_id::text)) % 10 < 6
         and abs(hashtext(m.user_id::text || tc.course_id::text)) % 100 < 20 + abs(hashtext(m.user_id::text)) % 80
         and (t.assignee_kind = 'teams' or exists (select 1 from course_assignment_assignees x
                                                  where x.assignment_id = t.id and x.user_id = m.user_id))`);

    // Checklists come with the courses whose outlines hold them: two thirds of the members have
    // records on them, each item done as keen as the member is, the learner ticking their own and
    // the lead signing off the rest; some sign-offs follow a 'not yet', and a few were withdrawn.
    const held = sql`
      select distinct m.user_id, o.checklist_id
        from team_members m
        join course_assignments t on t.team_id = m.team_id
        join course_assignment_courses tc on tc.assignment_id = t.id
        join course_outline_items o on o.course_id = tc.course_id and o.checklist_id is not null
       where m.team_id = ${team.id}::uuid
         and (t.assignee_kind = 'teams' or exists (select 1 from course_assignment_assignees x
                                                  where x.assignment_id = t.id and x.user_id = m.user_id))`;
    const signedOff = sql`ka.type in ('leadSignOff', 'observerSignOff', 'rating')`;
    await tx.execute(sql`
      insert into checklist_records (id, user_id, checklist_id, activity_id, action, actor_id, actor_name,
                                     actor_role, note, withdrawn_at, done_at, received_at)
      select gen_random_uuid(), h.user_id, h.checklist_id, ka.id, r.action,
             case when ${signedOff} then ${lead.id}::uuid else h.user_id end,
             case when ${signedOff} then 'Taylor Morgan' else 'Large Team member' end,
             case when ${signedOff} then 'lead' else 'learner' end,
             r.note, r.withdrawn_at, r.at, r.at
        from (${held}) h
        join checklist_activities ka on ka.checklist_id = h.checklist_id
        cross join lateral (
          select 'done' as action, '' as note,
                 case when abs(hashtext(h.user_id::text || ka.id::text || 'w')) % 25 = 0 then now() end as withdrawn_at,
                 now() - (abs(hashtext(ka.id::text || h.user_id::text)) % 40) * interval '1 day' as at
          union all
          select 'notYet', 'Not yet.', null, now() - interval '50 days'
           where ${signedOff} and abs(hashtext(h.user_id::text || ka.id::text || 'n')) % 5 = 0
        ) r
       where abs(hashtext(h.user_id::text)) % 3 <> 0
         and abs(hashtext(h.user_id::text || ka.id::text)) % 100 < 30 + abs(hashtext(h.user_id::text || 'keen')) % 70`);

    // A tenth signed in recently (sessions that were logged out; nobody holds their tokens).
    await tx.execute(sql`
      insert into sessions (user_id, token_hash, created_at, expires_at, revoked_at)
      select m.user_id, encode(sha256(gen_random_uuid()::text::bytea), 'base64'),
             now() - (abs(hashtext(m.user_id::text || 'seen')) % 25) * interval '1 day',
             now() + interval '5 days', now() - interval '1 hour'
        from team_members m
       where m.team_id = ${team.id}::uuid and abs(hashtext(m.user_id::text || 'seen')) % 10 = 0`);

    return team.id;
  });
}

/**
 * A data directory for `npm start` (DATA_DIR=<path>) holding the demo data plus the large team,
 * for benchmarks in the browser. Returns the large team's id.
 */
export async function createLargeTeamDataDir(path: string, options: LargeTeamOptions = { members: 10_000 }) {
  const database = await openDatabase({ dataDir: path });
  try {
    await database.migrate();
    if (!(await seedIfEmpty(database.db)))
      throw new Error(`${path} already holds data; give an empty directory`);
    const teamId = await seedLargeTeam(database.db, options);
    // Ready to measure at once, without waiting for the server's first vacuum.
    await database.vacuum?.();
    return teamId;
  } finally {
    await database.close();
  }
}
