import { sql } from 'drizzle-orm';

/** Deeper than any real category tree; ends a walk should a loop ever be written by hand. */
const MAX_DEPTH = 64;

/** The category `id` and every category under it, however deep. */
export const categorySubtree = (id: string) => sql`(
  with recursive down(id, depth) as (
    select id, 0 from course_categories where id = ${id}
    union all
    select c.id, down.depth + 1 from course_categories c join down on c.parent_id = down.id
    where down.depth < ${MAX_DEPTH}
  )
  select id from down
)`;
