import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type {
  HandIn,
  PlayerActivity,
  PlayerChecklist,
  PlayerCourse,
  PlayerElearning,
  PlayerEvent,
  PlayerEventState,
  PlayerItem,
  PlayerQuiz,
} from '../../../contract/learning/resource.ts';
import { checklistFigures } from '../../db/checklist-progress.ts';
import type { Database } from '../../db/client.ts';
import { eventDone, type LearnerCourse, learnerOutline } from '../../db/learner-progress.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { activityCompletions, handIns } from '../../db/schema/learning.ts';
import { lessonActivities } from '../../db/schema/lessons.ts';
import { type ActivityRecord, toLessonActivity } from '../../files/lesson-activity.ts';
import { signFileUrl } from '../../files/signed-url.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type CourseRecord, uuid } from './course-access.ts';

type OutlineRow = {
  lesson_id: string | null;
  quiz_id: string | null;
  checklist_id: string | null;
  elearning_package_id: string | null;
  event_id: string | null;
  /** A package's launchable items, and those done in the round. */
  scos_total: number | null;
  scos_done: number | null;
  name: string;
  description: string;
  pass_mark: number | null;
  attempts_allowed: number | null;
  time_limit_minutes: number | null;
  question_count: number | null;
  attempts_used: number | null;
  best_score: number | null;
  passed: boolean | null;
};

/** Attempts counted since `since` (null: all of them). */
const since = (column: SQL, start: Date | null) =>
  start === null ? sql`true` : sql`${column} > ${start.toISOString()}::timestamptz`;

/** The outline a learner takes in order, each quiz with the learner's attempts in the current round. */
function outlineRows(db: Database, userId: string, courseId: string, start: Date | null) {
  return queryRows<OutlineRow>(
    db,
    sql`select o.lesson_id, o.quiz_id, o.checklist_id, o.elearning_package_id, o.event_id,
               coalesce(l.name, q.name, k.title, e.title, v.title) as name,
               coalesce(l.description, q.description, k.description, e.description, v.description) as description,
               es.total as scos_total, es.done as scos_done,
               q.pass_mark, q.attempts_allowed, q.time_limit_minutes,
               (select count(*)::int from quiz_questions qq where qq.quiz_id = q.id) as question_count,
               qa.used as attempts_used, qa.best as best_score, qa.passed
          from (${learnerOutline(uuid(courseId))}) o
          left join lessons l on l.id = o.lesson_id
          left join quizzes q on q.id = o.quiz_id
          left join checklists k on k.id = o.checklist_id
          left join elearning_packages e on e.id = o.elearning_package_id
          left join events v on v.id = o.event_id
          left join lateral (
            select count(*)::int as total,
                   count(*) filter (where exists (
                     select 1 from elearning_records er
                      where er.user_id = ${userId} and er.package_id = e.id and er.sco_id = it->>'identifier'
                        and er.done_at is not null and ${since(sql`er.done_at`, start)}))::int as done
              from jsonb_array_elements(e.structure->'items') it
             where it->>'launch' is not null) es
            on o.elearning_package_id is not null
          left join lateral (
            select count(*) filter (where ${since(sql`a.started_at`, start)})::int as used,
                   max(a.score) filter (where ${since(sql`a.started_at`, start)})::int as best,
                   coalesce(bool_or(a.passed) filter (where ${since(sql`a.submitted_at`, start)}), false) as passed
              from quiz_attempts a
             where a.user_id = ${userId} and a.quiz_id = o.quiz_id) qa
            on o.quiz_id is not null
         order by o.position, o.id`,
  );
}

/** Items done and items that count of each checklist, by records dated after `start` (null: ever); checklistFigures' rule. */
async function checklistItems(db: Database, userId: string, checklistIds: string[], start: Date | null) {
  if (checklistIds.length === 0) return new Map<string, { done: number; total: number }>();
  const rows = await queryRows<{ checklist_id: string; done: number; total: number }>(
    db,
    checklistFigures(
      uuid(userId),
      sql.join(checklistIds.map(uuid), sql`, `),
      start === null ? sql`null::timestamptz` : sql`${start.toISOString()}::timestamptz`,
    ),
  );
  return new Map(rows.map((row) => [row.checklist_id, { done: row.done, total: row.total }]));
}

type EventRow = {
  event_id: string;
  state: string | null;
  done: boolean;
  registration_open: boolean;
  sessions: {
    _id: string;
    startsAt: string;
    endsAt: string;
    timeZone: string;
    place: string | null;
    online: boolean;
  }[];
};

const EVENT_STATE: Record<string, PlayerEventState> = {
  registered: 'registered',
  waitlisted: 'waiting',
  attended: 'attended',
  absent: 'absent',
};

/**
 * Each event part with the learner's place on it, whether it is done in the round (eventDone's
 * rule), whether registration is open now (the register route's rule) and its sessions in order.
 */
async function eventParts(db: Database, userId: string, eventIds: string[], start: Date | null, now: Date) {
  if (eventIds.length === 0) return new Map<string, EventRow>();
  const at = now.toISOString();
  const rows = await queryRows<EventRow>(
    db,
    sql`select v.id as event_id, a.state,
               ${eventDone(uuid(userId), sql`v.id`, start === null ? sql`null::timestamptz` : sql`${start.toISOString()}::timestamptz`)} as done,
               (v.status and coalesce(v.registration_opens_at <= ${at}::timestamptz, true)
                 and coalesce(v.registration_closes_at > ${at}::timestamptz, true)
                 and (select min(fs.starts_at) from event_sessions fs where fs.event_id = v.id) > ${at}::timestamptz)
                 as registration_open,
               coalesce((select json_agg(json_build_object(
                   '_id', s.id,
                   'startsAt', ${utcJson(sql`s.starts_at`)},
                   'endsAt', ${utcJson(sql`s.ends_at`)},
                   'timeZone', s.time_zone,
                   'place', coalesce(loc.title, s.address),
                   'online', s.meeting_url is not null) order by s.position)
                   from event_sessions s left join locations loc on loc.id = s.location_id
                  where s.event_id = v.id), '[]'::json) as sessions
          from events v
          left join event_attendees a on a.event_id = v.id and a.user_id = ${uuid(userId)}
         where v.id in (${sql.join(eventIds.map(uuid), sql`, `)})`,
  );
  return new Map(rows.map((row) => [row.event_id, row]));
}

const utcJson = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A hand-in as the learner and their leads see it, behind a fresh signed link. */
export async function toHandIn(deps: Pick<AppDeps, 'db'>, row: typeof handIns.$inferSelect): Promise<HandIn> {
  return {
    _id: row.id,
    name: row.fileName,
    size: row.fileSize,
    type: row.fileType,
    handedInAt: isoTime(row.handedInAt),
    url: await signFileUrl(deps, row.fileKey, { name: row.fileName }),
  };
}

/** The learner's latest hand-in of each of the activities. */
async function latestHandIns(db: Database, userId: string, activityIds: string[]) {
  if (activityIds.length === 0) return new Map<string, typeof handIns.$inferSelect>();
  const rows = await db
    .selectDistinctOn([handIns.activityId])
    .from(handIns)
    .where(and(eq(handIns.userId, userId), inArray(handIns.activityId, activityIds)))
    .orderBy(handIns.activityId, sql`${handIns.handedInAt} desc`);
  return new Map(rows.map((row) => [row.activityId, row]));
}

/** Activities of the lessons done by the learner in the current round. */
async function doneActivities(db: Database, userId: string, activityIds: string[], start: Date | null) {
  if (activityIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: activityCompletions.activityId })
    .from(activityCompletions)
    .where(
      and(
        eq(activityCompletions.userId, userId),
        inArray(activityCompletions.activityId, activityIds),
        start === null ? undefined : gt(activityCompletions.completedAt, start),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** A lesson is done when its required activities are, or all of them when none is required. */
export function lessonDone(activities: { required: boolean; done: boolean }[]): boolean {
  const counted = activities.some((activity) => activity.required)
    ? activities.filter((activity) => activity.required)
    : activities;
  return counted.every((activity) => activity.done);
}

/** GET /user-portal/course/{id}: the outline with the learner's progress in the current round. */
export async function playerCourse(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  course: CourseRecord,
  state: LearnerCourse,
  now: Date,
): Promise<Omit<PlayerCourse, 'certificateCode'>> {
  const { db } = deps;
  const { standing } = state;
  // While the course stands completed, its attempts are shown from the whole history.
  const start = standing ? null : state.roundStart;
  const items = await outlineRows(db, userId, course.id, start);
  const lessonIds = items.flatMap((item) => (item.lesson_id ? [item.lesson_id] : []));
  const records: ActivityRecord[] =
    lessonIds.length === 0
      ? []
      : await db
          .select()
          .from(lessonActivities)
          .where(inArray(lessonActivities.lessonId, lessonIds))
          .orderBy(asc(lessonActivities.position), asc(lessonActivities.createdAt));
  const activityIds = records.map((record) => record.id);
  const done = await doneActivities(db, userId, activityIds, state.roundStart);
  const uploads = await latestHandIns(
    db,
    userId,
    records.filter((record) => record.activityType === 'fileUpload').map((record) => record.id),
  );
  const activities = new Map<string, PlayerActivity[]>();
  for (const record of records) {
    const {
      lessonId: _lesson,
      position: _position,
      version: _version,
      ...shown
    } = await toLessonActivity(deps, record);
    const upload = uploads.get(record.id);
    const list = activities.get(record.lessonId) ?? [];
    list.push({
      ...shown,
      done: standing || done.has(record.id),
      handIn: upload ? await toHandIn(deps, upload) : null,
    });
    activities.set(record.lessonId, list);
  }
  const figures = await checklistItems(
    db,
    userId,
    items.flatMap((item) => (item.checklist_id ? [item.checklist_id] : [])),
    state.roundStart,
  );
  const eventRows = await eventParts(
    db,
    userId,
    items.flatMap((item) => (item.event_id ? [item.event_id] : [])),
    state.roundStart,
    now,
  );
  const outline = items.map((item): PlayerItem => {
    if (item.event_id) {
      const row = eventRows.get(item.event_id);
      return {
        kind: 'event',
        _id: item.event_id,
        name: item.name,
        description: item.description,
        // While the course stands completed, its events show done, as its lessons do.
        done: standing || row?.done === true,
        state: (row?.state && EVENT_STATE[row.state]) || 'not-registered',
        registrationOpen: row?.registration_open === true,
        sessions: row?.sessions ?? [],
      } satisfies PlayerEvent;
    }
    if (item.elearning_package_id) {
      const scosTotal = item.scos_total ?? 0;
      const scosDone = standing ? scosTotal : (item.scos_done ?? 0);
      return {
        kind: 'elearning',
        _id: item.elearning_package_id,
        name: item.name,
        description: item.description,
        // While the course stands completed, its packages show done, as its lessons do.
        done: standing || scosDone === scosTotal,
        scosDone,
        scosTotal,
      } satisfies PlayerElearning;
    }
    if (item.checklist_id) {
      const { done: itemsDone, total: itemsTotal } = figures.get(item.checklist_id) ?? { done: 0, total: 0 };
      return {
        kind: 'checklist',
        _id: item.checklist_id,
        name: item.name,
        description: item.description,
        // While the course stands completed, its checklists show done, as its lessons do.
        done: standing || itemsDone === itemsTotal,
        itemsDone: standing ? itemsTotal : itemsDone,
        itemsTotal,
      } satisfies PlayerChecklist;
    }
    if (item.lesson_id) {
      const list = activities.get(item.lesson_id) ?? [];
      return {
        kind: 'lesson',
        _id: item.lesson_id,
        name: item.name,
        description: item.description,
        done: standing || lessonDone(list),
        activities: list,
      };
    }
    return {
      kind: 'quiz',
      _id: item.quiz_id as string,
      name: item.name,
      description: item.description,
      done: standing || item.passed === true,
      passMark: item.pass_mark ?? 0,
      attemptsAllowed: item.attempts_allowed,
      attemptsUsed: item.attempts_used ?? 0,
      timeLimitMinutes: item.time_limit_minutes,
      questionCount: item.question_count ?? 0,
      bestScore: item.best_score,
    } satisfies PlayerQuiz;
  });
  return {
    _id: course.id,
    name: course.name,
    description: course.description,
    durationMinutes: course.duration_minutes,
    imageUrl: course.image_key ? await signFileUrl(deps, course.image_key) : null,
    givesCertificate: course.gives_certificate,
    externalLink: course.external_link,
    externalTitle: course.external_title,
    additionalExternalLink: course.additional_external_link,
    additionalExternalLinkTitle: course.additional_external_link_title,
    assigned: state.assigned,
    progress: state.progress,
    outline,
  };
}
