import { sql } from 'drizzle-orm';
import type {
  ElearningLearnerRow,
  ElearningLearnerStatus,
  ElearningReportQuery,
} from '../../../contract/elearning/report.ts';
import type { ElearningStructure } from '../../../contract/elearning/resource.ts';
import type { Paged } from '../../../contract/envelope.ts';
import type { Database } from '../../db/client.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { containsPattern } from '../../db/search.ts';

/** A record's score in percent: scaled (2004), else raw of max, else raw as 1.2 packages write it. */
const scorePercent = sql.raw(`case
  when r.score_scaled is not null then r.score_scaled * 100
  when r.score_raw is not null and r.score_max > 0 then r.score_raw / r.score_max * 100
  else r.score_raw end`);

const searchOf = (search: string) =>
  search
    ? sql`and (u.first_name || ' ' || u.last_name ilike ${containsPattern(search)} or u.email ilike ${containsPattern(search)})`
    : sql``;

type LearnerAggregate = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  attempts: number;
  seconds: number;
  last_access: Date | string;
  best: number | null;
};

type LatestSco = {
  user_id: string;
  completion_status: string;
  success_status: string;
  done: boolean;
  started: boolean;
  sco_id: string;
};

/**
 * A learner's standing from their latest attempt of each SCO (contract ELEARNING_LEARNER_STATUSES):
 * failed when one says so; passed or completed once every SCO is done; incomplete once anything
 * happened; not attempted before that.
 */
function statusOf(scoIds: string[], latest: LatestSco[]): ElearningLearnerStatus {
  if (latest.some((sco) => sco.success_status === 'failed')) return 'failed';
  const done = (scoId: string) =>
    latest.some(
      (sco) =>
        sco.sco_id === scoId &&
        (sco.done || sco.completion_status === 'completed' || sco.success_status === 'passed'),
    );
  if (scoIds.length > 0 && scoIds.every(done))
    return latest.some((sco) => sco.success_status === 'passed') ? 'passed' : 'completed';
  return latest.some((sco) => sco.started) ? 'incomplete' : 'not attempted';
}

/** The launchable SCOs of a package's structure, by identifier. */
export const scoIdsOf = (structure: ElearningStructure) =>
  structure.items.filter((item) => item.launch !== null).map((item) => item.identifier);

/**
 * GET /elearning-package/{id}/report: a row per learner with a record of the package, by name, with
 * their status, best score, time spent over every SCO and attempt, attempts and last access.
 */
export async function learnerReport(
  db: Database,
  packageId: string,
  structure: ElearningStructure,
  query: ElearningReportQuery,
): Promise<Paged<ElearningLearnerRow>> {
  const search = searchOf(query.search);
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(distinct r.user_id)::int as total from elearning_records r
        join users u on u.id = r.user_id where r.package_id = ${packageId} ${search}`,
  );
  const total = Number(counted?.total ?? 0);
  const offset = (query.page - 1) * query.limit;
  const learners =
    offset < total
      ? await queryRows<LearnerAggregate>(
          db,
          sql`select u.id as user_id, u.first_name, u.last_name, u.email, a.attempts, a.seconds,
                a.last_access, a.best
              from (select r.user_id, max(r.attempt)::int as attempts,
                      coalesce(sum(r.total_seconds), 0)::float8 as seconds,
                      max(r.last_access_at) as last_access, max(${scorePercent})::float8 as best
                    from elearning_records r where r.package_id = ${packageId} group by r.user_id) a
              join users u on u.id = a.user_id
              where true ${search}
              order by u.first_name, u.last_name, u.id
              limit ${query.limit} offset ${offset}`,
        )
      : [];
  const ids = learners.map((learner) => learner.user_id);
  const latest = ids.length
    ? await queryRows<LatestSco>(
        db,
        sql`select distinct on (r.user_id, r.sco_id) r.user_id, r.sco_id, r.completion_status,
              r.success_status, r.done_at is not null as done,
              (r.launched_at is not null or r.sessions > 0 or r.completion_status <> 'not attempted') as started
            from elearning_records r
            where r.package_id = ${packageId} and r.user_id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
            order by r.user_id, r.sco_id, r.attempt desc`,
      )
    : [];
  const scoIds = scoIdsOf(structure);
  const data = learners.map(
    (learner): ElearningLearnerRow => ({
      userId: learner.user_id,
      name: `${learner.first_name} ${learner.last_name}`.trim(),
      email: learner.email,
      status: statusOf(
        scoIds,
        latest.filter((sco) => sco.user_id === learner.user_id),
      ),
      bestScore: learner.best === null ? null : Math.round(Number(learner.best) * 100) / 100,
      timeSeconds: Math.round(Number(learner.seconds)),
      attempts: Number(learner.attempts),
      lastAccessAt: isoTime(learner.last_access),
    }),
  );
  return { data, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit), total };
}
