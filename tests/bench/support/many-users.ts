import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client.ts';
import { firstNames, lastNames } from '../../../server/db/seed-data.ts';

/**
 * Adds `count` users to a database that has the demo seed, for the users benchmarks: names from
 * the demo lists, unique emails, a membership level each, one or two user groups and membership
 * roles, a tenth with the non-built-in administrator role, a twentieth disabled, and creation
 * times a second apart so "newest first" has a real order. A handful of set-based statements
 * (generate_series), so 100,000 users take seconds rather than minutes. Choices come from the row
 * number, not random(), so runs are alike.
 */
export async function seedManyUsers(db: Database, count: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with lookups as (
        select (select array_agg(id order by name) from membership_levels) as levels,
               (select id from administrator_roles where not is_system order by name limit 1) as staff_role,
               string_to_array(${firstNames.join(',')}, ',') as first_names,
               string_to_array(${lastNames.join(',')}, ',') as last_names
      )
      insert into users (first_name, last_name, email, password_hash, status, membership_level_id,
                         administrative_role_id, created_at)
      select l.first_names[1 + (i * 7) % cardinality(l.first_names)],
             l.last_names[1 + (i * 13 + i / 50) % cardinality(l.last_names)],
             'bench.user.' || i || '@example.com',
             '!bench-user',
             i % 20 <> 0,
             l.levels[1 + (i * 5) % cardinality(l.levels)],
             case when i % 10 = 0 then l.staff_role end,
             now() - make_interval(secs => ${count} - i)
        from generate_series(1, ${count}) as i, lookups l`);
    // One group for everyone, a second for every third user; the same for membership roles.
    await tx.execute(sql`
      with bench as (
        select id, row_number() over (order by email) as n from users where email like 'bench.user.%'
      ), groups as (select array_agg(id order by name) as ids from user_groups)
      insert into user_group_members (group_id, user_id)
      select g.ids[1 + n % cardinality(g.ids)], b.id from bench b, groups g
      union
      select g.ids[1 + (n + 2) % cardinality(g.ids)], b.id from bench b, groups g where n % 3 = 0`);
    await tx.execute(sql`
      with bench as (
        select id, row_number() over (order by email) as n from users where email like 'bench.user.%'
      ), roles as (select array_agg(id order by name) as ids from membership_roles)
      insert into user_membership_roles (role_id, user_id)
      select r.ids[1 + n % cardinality(r.ids)], b.id from bench b, roles r
      union
      select r.ids[1 + (n + 1) % cardinality(r.ids)], b.id from bench b, roles r where n % 3 = 0`);
  });
}
