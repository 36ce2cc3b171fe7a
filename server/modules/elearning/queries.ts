import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type {
  ElearningDetail,
  ElearningRow,
  ElearningStructure,
} from '../../../contract/elearning/resource.ts';
import type { ElearningListQuery } from '../../../contract/elearning/schemas.ts';
import type { Paged } from '../../../contract/envelope.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { elearningPackages } from '../../db/schema/elearning.ts';

type Executor = Pick<Database, 'select'>;

const p = elearningPackages;

/** Worked out in the database per row of the page, so the list never reads whole structures. */
const scoCount = sql<number>`(select count(*)::int from jsonb_array_elements("elearning_packages"."structure"->'items') as item where item->>'launch' is not null)`;

const rowColumns = {
  _id: p.id,
  status: p.status,
  version: p.version,
  title: p.title,
  scormVersion: p.scormVersion,
  scoCount,
  fileName: p.fileName,
  fileSize: p.fileSize,
  packageVersion: p.packageVersion,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
};

type RowRecord = { createdAt: Date | string; updatedAt: Date | string; scoCount: number; fileSize: number };

const toRow = <T extends RowRecord>({ createdAt, updatedAt, ...row }: T) => ({
  ...row,
  scoCount: Number(row.scoCount),
  fileSize: Number(row.fileSize),
  createdAt: isoTime(createdAt),
  updatedAt: isoTime(updatedAt),
});

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select(rowColumns)
    .from(p)
    .where(where)
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row): ElearningRow => toRow(row));
}

/** GET /elearning-package: searched by title, filtered by status, newest first. */
export function elearningList(db: Database, query: ElearningListQuery): Promise<Paged<ElearningRow>> {
  const where = and(statusWhere(p.status, query.status), searchWhere(query.search, p.title));
  return pagedList(
    query,
    () => db.$count(p, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One package as the list shows it, or undefined. */
export async function elearningRow(db: Executor, id: string): Promise<ElearningRow | undefined> {
  const [row] = await rowsWhere(db, eq(p.id, id), { limit: 1, offset: 0 });
  return row;
}

/** The first SCO's mastery (1.2) or passing (2004) score in percent, as the manifest gives it. */
export function packageMasteryScore(structure: ElearningStructure): number | null {
  for (const item of structure.items) {
    if (item.launch === null) continue;
    if (item.masteryScore !== null) return item.masteryScore;
    if (item.scaledPassingScore !== null) return Math.round(item.scaledPassingScore * 100);
    return null;
  }
  return null;
}

/** GET /elearning-package/{id}: the row, what the import read and how many learners have a record. */
export async function elearningDetail(db: Executor, id: string): Promise<ElearningDetail | undefined> {
  const [found] = await db
    .select({
      ...rowColumns,
      description: p.description,
      organizationTitle: p.organizationTitle,
      structure: p.structure,
      masteryScore: p.masteryScore,
      completionRule: p.completionRule,
      learnerCount: sql<number>`(select count(distinct r.user_id)::int from elearning_records r where r.package_id = "elearning_packages"."id")`,
    })
    .from(p)
    .where(eq(p.id, id))
    .limit(1);
  if (!found) return undefined;
  return {
    ...toRow(found),
    learnerCount: Number(found.learnerCount),
    packageMasteryScore: packageMasteryScore(found.structure),
  };
}

/** Where a package's current upload lies in the store, or undefined when there is no such package. */
export async function storedUpload(db: Executor, id: string) {
  const [found] = await db
    .select({
      contentKey: p.contentKey,
      version: p.version,
      packageVersion: p.packageVersion,
      title: p.title,
    })
    .from(p)
    .where(eq(p.id, id))
    .limit(1);
  return found;
}
