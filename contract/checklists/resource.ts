import type { AdminRow } from '../admin-list.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/**
 * Checklists (spec 2 `/app/content-management/checklists`, 7 `/checklist` with operation,
 * activity, activity-type): on-the-job tasks a learner ticks or someone signs off, held as ordered
 * activities of a type. This is the administration's side; record 025 says what comes next.
 */
export const checklistResource = defineResource({
  path: '/checklist',
  module: 'content-management',
  submodule: 'checklists',
  statusWords: 'publish',
  noun: 'checklist',
});

export const checklistPaths = {
  ...resourcePaths(checklistResource),
  /**
   * PATCH `{ operation: 'publish' | 'unpublish' | 'delete', bulkId }` (spec 7 "PATCH operation"):
   * the same changes as the bulk routes, each with their message. The route needs the publish
   * right; a delete needs the delete right besides.
   */
  operation: '/checklist/operation',
  /** GET `?checklist=&page=&limit=`: a checklist's activities in order; POST: a new one at its end. */
  activity: '/checklist/activity',
  /** GET, PATCH (with `version`) or DELETE one activity. */
  activityOne: (activityId: string) => `/checklist/activity/${activityId}`,
  /** POST `{ checklistId, activityIds }`: every activity of the checklist once, in the new order. */
  activityReorder: '/checklist/activity/reorder',
  /** GET: the types an activity can have, in the order the form offers them. */
  activityTypes: '/checklist/activity-type',
} as const;

/**
 * How an activity is done: ticked by the learner; signed off by their team lead; signed off by a
 * named observer (an assessor who is not the lead); evidence uploaded (a photo or a file); a short
 * written answer; a rating of competent or not yet competent.
 */
export const CHECKLIST_ACTIVITY_TYPES = [
  'learnerTick',
  'leadSignOff',
  'observerSignOff',
  'evidence',
  'writtenAnswer',
  'rating',
] as const;
export type ChecklistActivityType = (typeof CHECKLIST_ACTIVITY_TYPES)[number];

/** GET /checklist/activity-type: each type with its name and what it asks of whom. */
export type ChecklistActivityTypeOption = { _id: ChecklistActivityType; name: string; description: string };

export const CHECKLIST_ACTIVITY_TYPE_OPTIONS = [
  { _id: 'learnerTick', name: 'Ticked by the learner', description: 'The learner ticks it off themselves.' },
  {
    _id: 'leadSignOff',
    name: 'Signed off by the team lead',
    description: "The learner's team lead watches and signs it off.",
  },
  {
    _id: 'observerSignOff',
    name: 'Signed off by a named observer',
    description: 'An assessor named for the checklist, who is not the lead, signs it off.',
  },
  {
    _id: 'evidence',
    name: 'Evidence to upload',
    description: 'The learner uploads a photo or a file as evidence.',
  },
  { _id: 'writtenAnswer', name: 'Short written answer', description: 'The learner writes a short answer.' },
  {
    _id: 'rating',
    name: 'Competent / not yet competent',
    description: 'The lead rates the learner competent or not yet competent.',
  },
] as const satisfies readonly ChecklistActivityTypeOption[];

export const checklistTypeName = (type: ChecklistActivityType): string =>
  CHECKLIST_ACTIVITY_TYPE_OPTIONS.find((option) => option._id === type)?.name ?? type;

/** The most activities a checklist holds, so a reorder stays one bounded transaction. */
export const CHECKLIST_MAX_ACTIVITIES = 200;

export const checklistMessages = {
  titleRequired: 'Checklist title is required.',
  titleTooLong: 'Checklist title must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 2000 characters.',
  checklistRequired: 'Checklist is required.',
  checklistNotFound: 'The checklist does not exist.',
  activityTitleRequired: 'Activity title is required.',
  activityTitleTooLong: 'Activity title must be at most 200 characters.',
  instructionsTooLong: 'Instructions must be at most 2000 characters.',
  typeRequired: 'Activity type is required.',
  tooManyActivities: `A checklist can hold at most ${CHECKLIST_MAX_ACTIVITIES} activities.`,
  reordered: 'Activities are reordered successfully.',
  reorderMismatch: 'List every activity of the checklist once, in the new order.',
  typesFetched: 'Activity types fetched successfully.',
} as const;

/** A row of the Checklists list. */
export type ChecklistRow = AdminRow & {
  title: string;
  activityCount: number;
  createdAt: string;
};

/** An activity of a checklist. */
export type ChecklistActivity = {
  _id: string;
  checklistId: string;
  position: number;
  title: string;
  instructions: string;
  type: ChecklistActivityType;
  required: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** GET /checklist/{id}: the checklist and its activities in order. */
export type ChecklistDetail = ChecklistRow & {
  description: string;
  activities: ChecklistActivity[];
};
