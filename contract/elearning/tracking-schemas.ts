import * as v from 'valibot';
import {
  COMMIT_ELEMENTS_MAX,
  ELEARNING_COMMIT_EVENTS,
  ELEMENT_NAME_MAX,
  ELEMENT_VALUE_MAX,
  elearningTrackingMessages as m,
  SESSION_SECONDS_MAX,
  SUSPEND_DATA_MAX,
} from './tracking.ts';

const clientId = (message: string) => v.pipe(v.string(message), v.uuid(message));

/** An element a runtime writes: the CMI data model's and ADL's (navigation requests, data stores). */
const ELEMENT_NAME = /^(cmi|adl)\.[A-Za-z0-9_.$-]+$/;

/** The longest value an element may hold: suspend_data's own, any other SCORM's largest. */
export const elementValueMax = (name: string) =>
  name === 'cmi.suspend_data' || name === 'cmi.core.suspend_data' ? SUSPEND_DATA_MAX : ELEMENT_VALUE_MAX;

/** GET /user-portal/elearning/{packageId}?course= */
export const elearningLaunchQuery = v.object({
  course: v.pipe(v.string(m.packageNotInCourse), v.uuid(m.packageNotInCourse)),
});

/** POST /user-portal/elearning/{packageId}/commit: an ElearningCommit. The user is the signed-in one. */
export const elearningCommitSchema = v.object({
  commitId: clientId(m.commitIdInvalid),
  courseId: clientId(m.courseIdInvalid),
  scoId: v.pipe(v.string(m.scoIdInvalid), v.minLength(1, m.scoIdInvalid), v.maxLength(255, m.scoIdInvalid)),
  attempt: v.pipe(
    v.number(m.attemptInvalid),
    v.integer(m.attemptInvalid),
    v.minValue(1, m.attemptInvalid),
    v.maxValue(100_000, m.attemptInvalid),
  ),
  at: v.pipe(
    v.string(m.atInvalid),
    v.isoTimestamp(m.atInvalid),
    v.check((value) => !Number.isNaN(Date.parse(value)), m.atInvalid),
  ),
  event: v.picklist(ELEARNING_COMMIT_EVENTS, m.eventInvalid),
  elements: v.pipe(
    v.record(
      v.pipe(
        v.string(m.elementNameInvalid),
        v.maxLength(ELEMENT_NAME_MAX, m.elementNameInvalid),
        v.regex(ELEMENT_NAME, m.elementNameInvalid),
      ),
      v.string(m.elementsInvalid),
      m.elementsInvalid,
    ),
    v.check((elements) => Object.keys(elements).length <= COMMIT_ELEMENTS_MAX, m.tooManyElements),
    v.check(
      (elements) => Object.entries(elements).every(([name, value]) => value.length <= elementValueMax(name)),
      m.elementValueTooLong,
    ),
  ),
  sessionId: clientId(m.sessionIdInvalid),
  sessionSeconds: v.optional(
    v.pipe(
      v.number(m.sessionSecondsInvalid),
      v.minValue(0, m.sessionSecondsInvalid),
      v.maxValue(SESSION_SECONDS_MAX, m.sessionSecondsInvalid),
    ),
  ),
});
export type ElearningCommitInput = v.InferOutput<typeof elearningCommitSchema>;
