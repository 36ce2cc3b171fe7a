import { randomUUID } from 'node:crypto';
import type {
  ElearningCompletionRule,
  ElearningItem,
  ScormVersion,
} from '../../contract/elearning/resource.ts';
import { elearningPackages } from '../../server/db/schema/elearning.ts';
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
