import * as v from 'valibot';
import { adminListQuery, recordVersion } from '../admin-list.ts';
import { noNul } from '../validation.ts';
import { ELEARNING_COMPLETION_RULES, elearningMessages as m } from './resource.ts';

/** GET /elearning-package: page, limit, search (title) and status. */
export const elearningListQuery = adminListQuery({});
export type ElearningListQuery = v.InferOutput<typeof elearningListQuery>;

const optionalText = (tooLong: string, max: number) =>
  v.optional(v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong), noNul), '');

/**
 * In percent, a whole number from 0 to 100; empty (or null) keeps the package's own. A form sends
 * it as text, a JSON body as a number.
 */
const masteryScore = v.optional(
  v.pipe(
    v.union([v.null(), v.string(), v.number()], m.masteryScoreInvalid),
    v.transform((value) => {
      if (value === null) return null;
      if (typeof value === 'number') return value;
      const text = value.trim();
      return text === '' ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    }),
    v.nullable(
      v.pipe(
        v.number(m.masteryScoreInvalid),
        v.integer(m.masteryScoreInvalid),
        v.minValue(0, m.masteryScoreInvalid),
        v.maxValue(100, m.masteryScoreInvalid),
      ),
    ),
  ),
  null,
);

const elearningEntries = {
  /** Empty: the package's organization title (else the file's name) is taken. */
  title: optionalText(m.titleTooLong, 200),
  description: optionalText(m.descriptionTooLong, 2000),
  masteryScore,
  completionRule: v.optional(v.picklist(ELEARNING_COMPLETION_RULES, m.completionRuleInvalid), 'reported'),
};

/** POST /elearning-package (multipart): these fields, then `file`, the package's zip. */
export const elearningSchema = v.object(elearningEntries);
export type ElearningInput = v.InferInput<typeof elearningSchema>;
export type ElearningFields = v.InferOutput<typeof elearningSchema>;

/**
 * PATCH /elearning-package/{id}: the same fields and the `version` the form read, as JSON, or as a
 * form with a new `file` last: a new version of the package (learners' records are kept).
 */
export const elearningUpdateSchema = v.object({ ...elearningEntries, version: recordVersion });
export type ElearningUpdateInput = v.InferInput<typeof elearningUpdateSchema>;
export type ElearningUpdateFields = v.InferOutput<typeof elearningUpdateSchema>;
