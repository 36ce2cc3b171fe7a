import * as v from 'valibot';
import { limitParam, pageParam, searchParam } from './list-query.ts';
import { noNul } from './validation.ts';

/** Trainings assigned to a team (the 'Assign Trainings' tab) and the assign-new-training form. */
export const trainingMessages = {
  titleRequired: 'Training title is required.',
  teamRequired: 'Team is required.',
  coursesRequired: 'You must select at least one course.',
  membersRequired: 'You must select at least one team member.',
  deadlineInvalid: 'Deadline must be a valid date.',
  deadlinePast: 'Deadline cannot be in the past.',
  trainingAssigned: 'Training is assigned successfully.',
  trainingUpdated: 'Training is updated successfully.',
  trainingDeleted: 'Training is deleted successfully.',
  trainingReassigned: 'Training is reassigned successfully.',
  emailResent: 'Email is sent successfully.',
  // Server answers for a form that passed the schema but names what cannot be assigned.
  courseUnavailable: 'One of the selected courses is not available.',
  memberNotInTeam: 'One of the selected members is not in this team.',
  staleVersion: 'This record was changed by someone else. Review the latest values and try again.',
} as const;

export type AssignedTraining = {
  _id: string;
  trainingTitle: string;
  teamId: string;
  courseCount: number;
  memberCount: number;
  /** ISO date-time. */
  createdOn: string;
  /** ISO date (yyyy-mm-dd) or null. */
  deadline: string | null;
  version: number;
};

export type AssignedTrainingDetail = AssignedTraining & {
  courses: { _id: string; name: string }[];
  assignTo: 'all' | 'some';
  /** The chosen members of a 'some' training; empty for 'all', which is every member of the team, later ones too. */
  members: { _id: string; firstName: string; lastName: string }[];
};

/** Answer of POST resend-email: how many members were mailed. */
export type TrainingMailed = { mailed: number };

export type CourseOption = { _id: string; name: string };

/** Query of GET /course-assignment (spec 7: page, limit, search, fullName, team). */
/** A missing team reads as '' so it gets the team's own message, not valibot's generic one. */
const requiredTeam = v.optional(
  v.pipe(v.string(trainingMessages.teamRequired), v.uuid(trainingMessages.teamRequired)),
  '',
);

export const trainingListQuerySchema = v.object({
  team: requiredTeam,
  page: pageParam,
  limit: limitParam(10),
  search: searchParam,
  /** Only trainings assigned to a member whose full name matches. */
  fullName: searchParam,
});
export type TrainingListQuery = v.InferOutput<typeof trainingListQuerySchema>;

const isoDate = v.pipe(
  v.string(trainingMessages.deadlineInvalid),
  v.isoDate(trainingMessages.deadlineInvalid),
);
/** An empty deadline means none. The server also refuses a date before today (in UTC). */
const optionalDeadline = v.optional(v.nullable(v.union([v.literal(''), isoDate])), null);

export const trainingSchema = v.pipe(
  v.object({
    teamId: requiredTeam,
    trainingTitle: v.optional(
      v.pipe(v.string(), v.trim(), v.nonEmpty(trainingMessages.titleRequired), v.maxLength(200), noNul),
      '',
    ),
    courseIds: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.uuid(trainingMessages.coursesRequired))),
        v.minLength(1, trainingMessages.coursesRequired),
      ),
      [],
    ),
    assignTo: v.optional(v.picklist(['all', 'some']), 'all'),
    memberIds: v.optional(v.array(v.pipe(v.string(), v.uuid(trainingMessages.membersRequired))), []),
    deadline: optionalDeadline,
    /** For an update: the record's version, for stale-edit detection. */
    version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  v.forward(
    v.check(
      (input) => input.assignTo === 'all' || input.memberIds.length > 0,
      trainingMessages.membersRequired,
    ),
    ['memberIds'],
  ),
);
export type TrainingInput = v.InferInput<typeof trainingSchema>;
export type TrainingOutput = v.InferOutput<typeof trainingSchema>;

export const reassignTrainingSchema = v.object({ deadline: optionalDeadline });
export type ReassignTrainingInput = v.InferInput<typeof reassignTrainingSchema>;

export const courseOptionsQuerySchema = v.object({
  page: pageParam,
  limit: limitParam(20),
  search: searchParam,
});
