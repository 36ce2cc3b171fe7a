import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { ChecklistRecorderRole } from '../../../contract/checklists/records.ts';
import { learnerCourseStates } from '../../db/assignments.ts';
import type { Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { checklistActivities, checklistObservers, checklistRecords } from '../../db/schema/checklists.ts';
import { users } from '../../db/schema/users.ts';
import { demoAccounts } from '../../db/seed-data.ts';
import type { SeedFile } from '../../db/seed-parts.ts';

const HOUR_MS = 60 * 60 * 1000;

type Person = { id: string; name: string };
type Activity = typeof checklistActivities.$inferSelect;
type HeldRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  checklist_id: string;
  assigned_at: Date | string;
  completed_at: Date | string | null;
  lead_id: string | null;
  lead_first: string | null;
  lead_last: string | null;
};

/** The checklist whose observer sign-offs the demo's assessor gives (the Freedom Team's lead). */
const OBSERVED = 'Equipment Setup';

/**
 * The members' checklist history, written as the records routes write it (record 026): for each
 * checklist of an assigned course's outline, every item done before the course's completion when
 * the member completed it; otherwise items done as keen as the member is, some after a lead's 'not
 * yet', and now and then a sign-off withdrawn by the lead with a reason. The learner ticks, answers
 * and uploads; the team's lead signs off and rates; the named observer signs off the observed
 * checklist; evidence is the seed's file when there is a file store. Run after the outlines, the
 * checklists' activities and the course completions.
 */
export async function seedChecklistHistory(
  tx: Transaction,
  options: { random: () => number; now: Date; evidence?: SeedFile },
) {
  const { random, now, evidence } = options;
  const [observer] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, demoAccounts.lead2.email));
  const observed = await queryRows<{ id: string }>(
    tx,
    sql`select id from checklists where title = ${OBSERVED}`,
  );
  if (observer && observed[0])
    await tx.insert(checklistObservers).values({ checklistId: observed[0].id, userId: observer.id });
  const assessor: Person | null = observer
    ? { id: observer.id, name: `${observer.firstName} ${observer.lastName}` }
    : null;

  const items = new Map<string, Activity[]>();
  for (const activity of await tx
    .select()
    .from(checklistActivities)
    .orderBy(asc(checklistActivities.position)))
    items.set(activity.checklistId, [...(items.get(activity.checklistId) ?? []), activity]);

  // Each member's checklists once: the earliest assignment, and the course's completion if any.
  const held = await queryRows<HeldRow>(
    tx,
    sql`select distinct on (s.user_id, o.checklist_id)
               s.user_id, u.first_name, u.last_name, o.checklist_id, s.assigned_at, s.completed_at,
               lead.id as lead_id, lead.first_name as lead_first, lead.last_name as lead_last
          from (${learnerCourseStates({ userIn: sql`select user_id from team_members`, kind: 'assigned' }, now)}) s
          join course_outline_items o on o.course_id = s.course_id and o.checklist_id is not null
          join users u on u.id = s.user_id
          left join lateral (
            select l.id, l.first_name, l.last_name from team_members m
              join team_leads tl on tl.team_id = m.team_id join users l on l.id = tl.user_id
             where m.user_id = s.user_id order by l.email limit 1) lead on true
         order by s.user_id, o.checklist_id, s.completed_at desc nulls last, s.assigned_at`,
  );

  const rows: (typeof checklistRecords.$inferInsert)[] = [];
  const keenness = new Map<string, number>();
  // The members' order follows their ids, made anew on each install: the first lead sign-off that
  // may be taken back always is, so every demo shows a withdrawal.
  let leadWithdrew = false;
  for (const row of held) {
    const learner: Person = { id: row.user_id, name: `${row.first_name} ${row.last_name}` };
    const lead: Person | null = row.lead_id
      ? { id: row.lead_id, name: `${row.lead_first} ${row.lead_last}` }
      : null;
    if (!keenness.has(learner.id)) keenness.set(learner.id, random() < 0.2 ? 0 : random());
    const keen = keenness.get(learner.id) as number;
    const from = new Date(row.assigned_at).getTime();
    const until = row.completed_at === null ? now.getTime() - HOUR_MS : new Date(row.completed_at).getTime();
    const span = Math.max(until - from, HOUR_MS);
    const record = (activity: Activity, by: Person, role: ChecklistRecorderRole, at: number, fields = {}) => {
      const id = randomUUID();
      rows.push({
        id,
        userId: learner.id,
        checklistId: row.checklist_id,
        activityId: activity.id,
        action: 'done',
        actorId: by.id,
        actorName: by.name,
        actorRole: role,
        doneAt: new Date(at),
        receivedAt: new Date(at + random() * HOUR_MS),
        ...fields,
      });
      return id;
    };
    for (const [index, activity] of (items.get(row.checklist_id) ?? []).entries()) {
      // Done in item order across the span; a completed course had every item done.
      if (row.completed_at === null && random() >= keen) continue;
      const at =
        from + span * ((index + 0.5 + random() * 0.4) / ((items.get(row.checklist_id)?.length ?? 1) + 1));
      const signer: [Person, ChecklistRecorderRole] | null =
        activity.type === 'observerSignOff'
          ? assessor && [assessor, 'observer']
          : activity.type === 'leadSignOff' || activity.type === 'rating'
            ? lead && [lead, 'lead']
            : [learner, 'learner'];
      if (!signer) continue;
      const [by, role] = signer;
      if (role !== 'learner' && random() < 0.25)
        record(activity, by, role, at - span * 0.1, {
          action: 'notYet',
          note: 'Not yet: try it again with me.',
        });
      if (activity.type === 'evidence' && evidence)
        record(activity, by, role, at, {
          fileKey: evidence.key,
          fileName: evidence.name,
          fileType: evidence.type,
          fileSize: evidence.size,
        });
      else if (activity.type === 'writtenAnswer')
        record(activity, by, role, at, { note: 'Ask what they need from the visit and by when.' });
      else if (
        role !== 'learner' &&
        row.completed_at === null &&
        ((role === 'lead' && !leadWithdrew) || random() < 0.08)
      ) {
        if (role === 'lead') leadWithdrew = true;
        // Signed off for the wrong member, and taken back with the reason.
        const wrong = record(activity, by, role, at, { withdrawnAt: new Date(at + HOUR_MS) });
        record(activity, by, role, at + HOUR_MS, {
          action: 'withdraw',
          note: 'Signed off the wrong member.',
          withdrawsId: wrong,
        });
      } else record(activity, by, role, at, role === 'learner' ? {} : { note: 'Seen done well.' });
    }
  }
  for (let start = 0; start < rows.length; start += 500)
    await tx.insert(checklistRecords).values(rows.slice(start, start + 500));
}
