import { sql } from 'drizzle-orm';
import type { ChecklistRecorderRole } from '../../../contract/checklists/records.ts';
import { checklistRecordMessages as m } from '../../../contract/checklists/records.ts';
import type { ChecklistActivityType } from '../../../contract/checklists/resource.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ApiError } from '../../http/errors.ts';

type Executor = Pick<Database, 'execute'>;

/**
 * In which capacities the caller stands to a learner's checklist (record 026): the learner
 * themselves, a lead of a team the learner is a member of, an observer named for the checklist.
 * Nobody signs off or rates their own items, so a lead or observer who is the learner is neither.
 */
export type Roles = { self: boolean; lead: boolean; observer: boolean };

/** The items only the learner records, and only as done. */
export const LEARNER_TYPES: readonly ChecklistActivityType[] = ['learnerTick', 'evidence', 'writtenAnswer'];

/** The items whose sign-off or 'not yet' may carry a photo. */
export const PHOTO_TYPES: readonly ChecklistActivityType[] = ['leadSignOff', 'observerSignOff', 'rating'];

export async function rolesOn(
  db: Executor,
  callerId: string,
  learnerId: string,
  checklistId: string,
): Promise<Roles> {
  if (callerId === learnerId) return { self: true, lead: false, observer: false };
  const [row] = await queryRows<{ lead: boolean; observer: boolean }>(
    db as Database,
    sql`select exists (select 1 from team_members tm
                         join team_leads tl on tl.team_id = tm.team_id and tl.user_id = ${callerId}
                        where tm.user_id = ${learnerId}) as lead,
               exists (select 1 from checklist_observers ob
                        where ob.checklist_id = ${checklistId} and ob.user_id = ${callerId}) as observer`,
  );
  return { self: false, lead: Boolean(row?.lead), observer: Boolean(row?.observer) };
}

/** Whether the roles may record a done or 'not yet' on an item of this type. */
export function mayRecord(type: ChecklistActivityType, roles: Roles): boolean {
  if (LEARNER_TYPES.includes(type)) return roles.self;
  if (type === 'leadSignOff') return roles.lead;
  if (type === 'observerSignOff') return roles.observer;
  return roles.lead || roles.observer;
}

/** The refusal of a done or 'not yet' the roles may not record on an item of this type, if any. */
export function recordRefusal(
  type: ChecklistActivityType,
  action: 'done' | 'notYet',
  roles: Roles,
): ApiError | undefined {
  if (LEARNER_TYPES.includes(type) && action === 'notYet')
    return new ApiError(422, messages.validationFailed, { action: m.notYetNotAllowed });
  if (mayRecord(type, roles)) return undefined;
  if (LEARNER_TYPES.includes(type)) return new ApiError(403, m.notYours);
  if (type === 'leadSignOff') return new ApiError(403, m.notLead);
  if (type === 'observerSignOff') return new ApiError(403, m.notObserver);
  return new ApiError(403, m.notLeadOrObserver);
}

/** The capacity a record of this type is written in (a rating by a lead who is also an observer counts as the lead's). */
export function recorderRole(type: ChecklistActivityType, roles: Roles): ChecklistRecorderRole {
  if (LEARNER_TYPES.includes(type)) return 'learner';
  if (type === 'leadSignOff') return 'lead';
  if (type === 'observerSignOff') return 'observer';
  return roles.lead ? 'lead' : 'observer';
}
