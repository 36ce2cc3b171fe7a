import { type SQL, sql } from 'drizzle-orm';
import type {
  ChecklistItemState,
  ObservedChecklist,
  TeamChecklistMember,
} from '../../../contract/checklists/records.ts';
import { assignmentLearners } from '../../db/assignments.ts';
import { itemCounts, itemDone } from '../../db/checklist-progress.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { holdsChecklist } from './queries.ts';

type Executor = Pick<Database, 'execute'>;

/**
 * Where an item stands, as queries.ts itemStanding says from its history: done while a done
 * record stands, 'not yet' while the newest sign-off or rating is a standing 'not yet', else open.
 */
function itemState(userId: SQL, activityId: SQL): SQL {
  return sql`case when ${itemDone(userId, activityId)} then 'done'
    when coalesce((select cr.action = 'notYet' and cr.withdrawn_at is null from checklist_records cr
                    where cr.user_id = ${userId} and cr.activity_id = ${activityId} and cr.action <> 'withdraw'
                    order by cr.done_at desc, cr.received_at desc, cr.id desc limit 1), false) then 'notYet'
    else 'open' end`;
}

/** The team's enabled members who hold the checklist, by name, with each item's state in order. */
export async function teamChecklistMembers(
  db: Executor,
  teamId: string,
  checklistId: string,
): Promise<TeamChecklistMember[]> {
  const rows = await queryRows<{ id: string; name: string; items: TeamChecklistMember['items'] | string }>(
    db as Database,
    sql`select u.id, u.first_name || ' ' || u.last_name as name,
               coalesce((select json_agg(json_build_object('activityId', ka.id, 'state', ${itemState(sql`u.id`, sql`ka.id`)})
                                  order by ka.position, ka.id)
                           from checklist_activities ka where ka.checklist_id = ${checklistId}), '[]'::json) as items
          from team_members tm join users u on u.id = tm.user_id
         where tm.team_id = ${teamId} and u.status
           and ${holdsChecklist(sql`u.id`, sql`${checklistId}::uuid`)}
         order by u.first_name, u.last_name, u.id`,
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    items: (typeof row.items === 'string' ? JSON.parse(row.items) : row.items) as {
      activityId: string;
      state: ChecklistItemState;
    }[],
  }));
}

/**
 * The published checklists the user is named observer of, by title, each with its learners, by
 * name, with their figures: the enabled users, the observer left out, who hold it and are assigned
 * (or suggested) a course holding it or have a record on it. A checklist in a course open to
 * everyone is held by everyone; those who are training on it are the ones an observer watches, and
 * finding them starts from the assignments and records, never from every user.
 */
export async function observedChecklists(db: Executor, observerId: string): Promise<ObservedChecklist[]> {
  const rows = await queryRows<{
    id: string;
    title: string;
    learner_id: string | null;
    name: string | null;
    total: number | null;
    done: number | null;
  }>(
    db as Database,
    sql`select k.id, k.title, u.id as learner_id, u.first_name || ' ' || u.last_name as name, f.total, f.done
          from checklist_observers ob
          join checklists k on k.id = ob.checklist_id and k.status
          left join lateral (
            select al.user_id from (${assignmentLearners({
              assignmentIn: sql`select ac.assignment_id from course_assignment_courses ac
                                  join course_outline_items o on o.course_id = ac.course_id
                                 where o.checklist_id = k.id`,
            })}) al
            union
            select cr.user_id from checklist_records cr where cr.checklist_id = k.id) training on true
          left join users u on u.id = training.user_id and u.status and u.id <> ob.user_id
                           and ${holdsChecklist(sql`u.id`, sql`k.id`)}
          left join lateral (
            select count(ka.id)::int as total,
                   count(ka.id) filter (where ${itemDone(sql`u.id`, sql`ka.id`)})::int as done
              from checklist_activities ka where ka.checklist_id = k.id and ${itemCounts(sql`ka`)}) f on u.id is not null
         where ob.user_id = ${observerId}
         order by k.title, k.id, u.first_name, u.last_name, u.id`,
  );
  const byChecklist = new Map<string, ObservedChecklist>();
  for (const row of rows) {
    const checklist = byChecklist.get(row.id) ?? { _id: row.id, title: row.title, learners: [] };
    byChecklist.set(row.id, checklist);
    if (!row.learner_id) continue;
    const total = row.total ?? 0;
    const done = row.done ?? 0;
    checklist.learners.push({
      _id: row.learner_id,
      name: row.name ?? '',
      done,
      total,
      percent: total === 0 ? 100 : Math.round((100 * done) / total),
    });
  }
  return [...byChecklist.values()];
}
