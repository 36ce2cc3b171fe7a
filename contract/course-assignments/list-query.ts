import * as v from 'valibot';
import { idFilterParam } from '../admin-list.ts';
import { limitParam, pageParam, searchParam } from '../list-query.ts';
import { ASSIGNEE_KINDS } from './resource.ts';

// Apart from the form schemas: the list route's validateSearch runs in the first-load bundle.

/**
 * GET /course-assignment (spec 7: page, limit, search, fullName, team). `search` matches the title,
 * `fullName` keeps assignments that include a learner of that name, `team` those made for the team
 * or assigned to it. Without `team` the list is the administration's (Assignments permission); a
 * team lead names one of their teams. `course` keeps those that include the course (the course
 * screen's learner count links here).
 */
export const courseAssignmentListQuery = v.object({
  page: pageParam,
  limit: limitParam(10),
  search: searchParam,
  fullName: searchParam,
  team: idFilterParam,
  course: idFilterParam,
});
export type CourseAssignmentListQuery = v.InferOutput<typeof courseAssignmentListQuery>;

/** GET /course-assignment/course-options: enabled courses to pick from. */
export const assignmentCourseOptionsQuery = v.object({
  page: pageParam,
  limit: limitParam(20),
  search: searchParam,
});

/** GET /course-assignment/assignee-options: enabled users, user groups or teams by name. */
export const assigneeOptionsQuery = v.object({
  kind: v.fallback(v.optional(v.picklist(ASSIGNEE_KINDS), 'users'), 'users'),
  page: pageParam,
  limit: limitParam(20),
  search: searchParam,
});
export type AssigneeOptionsQuery = v.InferOutput<typeof assigneeOptionsQuery>;
