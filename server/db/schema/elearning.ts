import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ElearningCompletionRule,
  ElearningStructure,
  ScormVersion,
} from '../../../contract/elearning/resource.ts';
import { createdAt, id, timestampTz, trigram, updatedAt, version } from '../columns.ts';
import { users } from './users.ts';

/**
 * E-learning packages (record 028): SCORM 1.2 / 2004 zips kept in the file store (`fileKey`) and
 * unpacked under `contentKey`, which changes with each upload so a device never mixes two versions'
 * files. `structure` is what the import read from imsmanifest.xml: the default organization's items
 * in order, with their launch files and the scores the runtime is handed.
 */
export const elearningPackages = pgTable(
  'elearning_packages',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: boolean('status').notNull().default(true),
    scormVersion: text('scorm_version').$type<ScormVersion>().notNull(),
    organizationTitle: text('organization_title').notNull().default(''),
    structure: jsonb('structure').$type<ElearningStructure>().notNull(),
    /** The mastery (1.2) or passing (2004) score in percent the admin set; null: as the package says. */
    masteryScore: integer('mastery_score'),
    /** How a SCO that never reports a status counts as done (contract ELEARNING_COMPLETION_RULES). */
    completionRule: text('completion_rule').$type<ElearningCompletionRule>().notNull().default('reported'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** The folder of the unpacked files in the store. */
    contentKey: text('content_key').notNull(),
    /** 1 for the first upload, one more for each new version of the package; learners' records stay. */
    packageVersion: integer('package_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('elearning_packages_version_check', sql`${t.scormVersion} in ('1.2', '2004-3', '2004-4')`),
    check('elearning_packages_rule_check', sql`${t.completionRule} in ('reported', 'launch', 'exit')`),
    check('elearning_packages_mastery_check', sql`${t.masteryScore} between 0 and 100`),
    index('elearning_packages_title_idx').on(t.title),
    index('elearning_packages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    trigram('elearning_packages_title_trgm_idx', t.title),
  ],
);

/**
 * A learner's record of one SCO of a package in one attempt: the CMI data the package wrote
 * (`cmi`, element name to value, interactions and objectives included) with the device time of the
 * write that set each element (`elementTimes`, so two devices merge per element, the later wins),
 * and what the rules read from it, kept in columns: statuses, score, location, time. `doneAt` is
 * when the SCO first counted as done in this attempt (the device's time, within bounds).
 */
export const elearningRecords = pgTable(
  'elearning_records',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id')
      .notNull()
      .references(() => elearningPackages.id, { onDelete: 'cascade' }),
    /** The identifier of the manifest's item (SCO). */
    scoId: text('sco_id').notNull(),
    attempt: integer('attempt').notNull().default(1),
    cmi: jsonb('cmi').$type<Record<string, string>>().notNull().default({}),
    elementTimes: jsonb('element_times').$type<Record<string, string>>().notNull().default({}),
    /** completed, incomplete, not attempted or unknown (1.2's lesson_status read as 2004's two). */
    completionStatus: text('completion_status').notNull().default('not attempted'),
    /** passed, failed or unknown. */
    successStatus: text('success_status').notNull().default('unknown'),
    scoreRaw: doublePrecision('score_raw'),
    scoreMax: doublePrecision('score_max'),
    scoreScaled: doublePrecision('score_scaled'),
    location: text('location').notNull().default(''),
    totalSeconds: doublePrecision('total_seconds').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    launchedAt: timestampTz('launched_at'),
    exitedAt: timestampTz('exited_at'),
    doneAt: timestampTz('done_at'),
    lastAccessAt: timestampTz('last_access_at').notNull().defaultNow(),
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('elearning_records_unique_idx').on(t.userId, t.packageId, t.scoId, t.attempt),
    index('elearning_records_package_idx').on(t.packageId, t.userId),
  ],
);

/**
 * The commits applied to records, by the id the device gave each: a commit sent again (an outbox
 * replay, a retry after a lost answer) is answered without being applied twice.
 */
export const elearningCommits = pgTable(
  'elearning_commits',
  {
    id: uuid('id').primaryKey(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => elearningRecords.id, { onDelete: 'cascade' }),
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
  },
  (t) => [index('elearning_commits_record_idx').on(t.recordId)],
);

/**
 * The sessions of a record, by the id the device gave each: a session's time is its latest report
 * (never added twice), and the record's total is their sum.
 */
export const elearningSessions = pgTable(
  'elearning_sessions',
  {
    id: uuid('id').primaryKey(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => elearningRecords.id, { onDelete: 'cascade' }),
    seconds: doublePrecision('seconds').notNull().default(0),
    startedAt: timestampTz('started_at').notNull(),
    endedAt: timestampTz('ended_at'),
  },
  (t) => [index('elearning_sessions_record_idx').on(t.recordId)],
);
