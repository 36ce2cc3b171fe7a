import * as v from 'valibot';
import { ADMIN_DEFAULT_LIMIT } from '../admin-list.ts';
import { limitParam, pageParam, searchParam } from '../list-query.ts';

/** GET /elearning-package/{id}/report: page, limit and search (a learner's name or email). */
export const elearningReportQuery = v.object({
  page: pageParam,
  limit: limitParam(ADMIN_DEFAULT_LIMIT),
  search: searchParam,
});
export type ElearningReportQuery = v.InferOutput<typeof elearningReportQuery>;

/**
 * A learner's standing in a package, from their latest attempt of each SCO: failed when a SCO says
 * so, passed or completed when every SCO is done (passed when one reported a pass), incomplete once
 * something was recorded, not attempted before.
 */
export const ELEARNING_LEARNER_STATUSES = [
  'completed',
  'passed',
  'failed',
  'incomplete',
  'not attempted',
] as const;
export type ElearningLearnerStatus = (typeof ELEARNING_LEARNER_STATUSES)[number];

/** A row of a package's learners report. */
export type ElearningLearnerRow = {
  userId: string;
  name: string;
  email: string;
  status: ElearningLearnerStatus;
  /** The best score of any SCO and attempt, in percent; null when none was reported. */
  bestScore: number | null;
  /** Seconds spent over every SCO and attempt. */
  timeSeconds: number;
  /** The most attempts of any SCO. */
  attempts: number;
  lastAccessAt: string;
};

/** The interactions export's columns, in order. */
export const ELEARNING_INTERACTION_COLUMNS = [
  'Learner',
  'Email',
  'Attempt',
  'SCO',
  'Interaction ID',
  'Question',
  "Learner's answer",
  'Correct answer',
  'Result',
  'Latency',
  'Time',
] as const;
