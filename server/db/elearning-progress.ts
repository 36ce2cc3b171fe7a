import { type SQL, sql } from 'drizzle-orm';

/**
 * The e-learning packages the users `who` (a query of one column of user ids) completed: one row
 * (user_id, package_id, completed_at) per attempt in which every item of the package that launches
 * counted as done, dated when the last of them did (record 028).
 */
export function elearningCompletions(who: SQL): SQL {
  return sql`
    select d.user_id, d.package_id, d.completed_at from (
      select r.user_id, r.package_id, r.attempt, max(r.done_at) as completed_at,
             array_agg(r.sco_id) as scos
        from elearning_records r
       where r.user_id in (${who}) and r.done_at is not null
       group by r.user_id, r.package_id, r.attempt) d
    join elearning_packages p on p.id = d.package_id
   where not exists (
     select 1 from jsonb_array_elements(p.structure->'items') it
      where it->>'launch' is not null and not ((it->>'identifier') = any(d.scos)))`;
}
