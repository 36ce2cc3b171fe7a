import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type {
  ElearningCompletionRule,
  ElearningItem,
  ScormVersion,
} from '../../contract/elearning/resource.ts';
import { type ElearningCommit, elearningLearnerPaths } from '../../contract/elearning/tracking.ts';
import { courseOutlineItems } from '../../server/db/schema/courses.ts';
import { elearningPackages, elearningRecords } from '../../server/db/schema/elearning.ts';
import type { TestContext } from './helpers.ts';

/** An item of a package's organization: a SCO that launches `<id>.html` unless told otherwise. */
export function sco(identifier: string, fields: Partial<ElearningItem> = {}): ElearningItem {
  return {
    identifier,
    title: `SCO ${identifier}`,
    depth: 0,
    launch: `${identifier}.html`,
    scormType: 'sco',
    masteryScore: null,
    scaledPassingScore: null,
    completionThreshold: null,
    dataFromLms: null,
    timeLimitAction: null,
    maxTimeAllowed: null,
    objectives: [],
    ...fields,
  };
}

type PackageFields = {
  title?: string;
  status?: boolean;
  scormVersion?: ScormVersion;
  items?: ElearningItem[];
  masteryScore?: number | null;
  completionRule?: ElearningCompletionRule;
};

/**
 * A package row written straight into its table, as the import would leave it: tracking needs its
 * structure and rules, no files. Answers its id.
 */
export async function newPackage(t: TestContext, fields: PackageFields = {}) {
  const id = randomUUID();
  const contentKey = `elearning/${id}/${randomUUID()}`;
  const items = fields.items ?? [sco('sco-1')];
  await t.db.insert(elearningPackages).values({
    id,
    title: fields.title ?? `Package ${id.slice(0, 8)}`,
    status: fields.status ?? true,
    scormVersion: fields.scormVersion ?? '1.2',
    organizationTitle: 'Organization',
    structure: { organizationTitle: 'Organization', items },
    masteryScore: fields.masteryScore ?? null,
    completionRule: fields.completionRule ?? 'reported',
    fileKey: `${contentKey}.zip`,
    fileName: 'package.zip',
    fileSize: 1024,
    contentKey,
  });
  return id;
}

/** The learner's launch and commit calls, as the player makes them. */
export function packageCalls(t: TestContext, token: string) {
  return {
    launch: (packageId: string, courseId: string) =>
      t.call('GET', `${elearningLearnerPaths.launch(packageId)}?course=${courseId}`, { token }),
    commit: (packageId: string, body: Partial<ElearningCommit> & { courseId: string }) =>
      t.call('POST', elearningLearnerPaths.commit(packageId), {
        token,
        body: {
          commitId: randomUUID(),
          scoId: 'sco-1',
          attempt: 1,
          at: new Date().toISOString(),
          event: 'commit',
          elements: {},
          sessionId: randomUUID(),
          ...body,
        },
      }),
  };
}

/** A learner's records of a package, as stored. */
export const recordsOf = (t: TestContext, userId: string, packageId: string) =>
  t.db
    .select()
    .from(elearningRecords)
    .where(and(eq(elearningRecords.userId, userId), eq(elearningRecords.packageId, packageId)))
    .orderBy(elearningRecords.scoId, elearningRecords.attempt);

type OutlinePart =
  | { lessonId: string }
  | { quizId: string }
  | { checklistId: string }
  | { elearningPackageId: string };

/** Writes a course's outline straight into its table, packages included. */
export async function setOutline(t: TestContext, courseId: string, items: OutlinePart[]) {
  for (const [index, item] of items.entries())
    await t.db.insert(courseOutlineItems).values({ courseId, position: index + 1, ...item });
}
