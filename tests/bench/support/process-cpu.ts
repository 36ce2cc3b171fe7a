import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client.ts';
import { queryRows } from '../../../server/db/rows.ts';

/** The PostgreSQL server's main process, whose children are the backends serving each connection. */
export async function postmasterPid(db: Database) {
  const [row] = await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
  const stat = readFileSync(`/proc/${row?.pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** CPU seconds (user and system) of a process's children and of the process itself, from /proc. */
export function treeCpuSeconds(pid: number): number {
  const ticks = (id: number) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0; // ended meanwhile
    }
  };
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  // Linux counts in USER_HZ, 100 a second.
  return (ticks(pid) + children.reduce((sum, child) => sum + ticks(Number(child)), 0)) / 100;
}
