import { type CourseLearners, courseLearnersPath } from '@contract/course-assignments/course-learners';
import type { CourseAssignmentListQuery } from '@contract/course-assignments/list-query';
import {
  type AssigneeKind,
  type AssignmentCourseOption,
  type AssignmentLearner,
  type CourseAssignmentDetail,
  type CourseAssignmentRow,
  courseAssignmentPaths,
  type NamedRef,
  NOTHING_TO_TAKE_LABEL,
} from '@contract/course-assignments/resource';
import type { LookupPage, Paged } from '@contract/envelope';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { choicePages } from '@/lib/choice-pages';
import { nextLookupPage } from '@/lib/lookups';
import type { LookupItem } from '@/ui/searchable-paged-select';

/** Query keys of the Assignments screens; an assignment's learners sit apart from its fields. */
export const assignmentKeys = {
  all: ['course-assignments'] as const,
  lists: () => [...assignmentKeys.all, 'list'] as const,
  list: (query: CourseAssignmentListQuery) => [...assignmentKeys.lists(), query] as const,
  detail: (assignmentId: string) => [...assignmentKeys.all, 'detail', assignmentId] as const,
  learners: (assignmentId: string) => [...assignmentKeys.all, 'learners', assignmentId] as const,
  courses: (search: string) => [...assignmentKeys.all, 'courses', search] as const,
  courseLearners: (courseId: string) => [...assignmentKeys.all, 'course-learners', courseId] as const,
  // Apart from `courses`: the form's warning reads every page under that key as the picker's choices.
  courseFilter: (search: string) => [...assignmentKeys.all, 'course-filter', search] as const,
  assignees: (kind: AssigneeKind, search: string) =>
    [...assignmentKeys.all, 'assignees', kind, search] as const,
};

export const assignmentListOptions = (query: CourseAssignmentListQuery) =>
  queryOptions({
    queryKey: assignmentKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<CourseAssignmentRow>>(courseAssignmentPaths.list, { query, signal })).results,
    placeholderData: keepPreviousData,
  });

export const assignmentDetailOptions = (assignmentId: string) =>
  queryOptions({
    queryKey: assignmentKeys.detail(assignmentId),
    queryFn: async ({ signal }) =>
      (await api.get<CourseAssignmentDetail>(courseAssignmentPaths.one(assignmentId), { signal })).results,
  });

export const assignmentLearnersOptions = (assignmentId: string) =>
  queryOptions({
    queryKey: assignmentKeys.learners(assignmentId),
    queryFn: async ({ signal }) =>
      (await api.get<AssignmentLearner[]>(courseAssignmentPaths.learners(assignmentId), { signal })).results,
  });

/** Who has one course; here for its name, which the form's picker and the list's filter show. */
export const courseLearnersOptions = (courseId: string) =>
  queryOptions({
    queryKey: assignmentKeys.courseLearners(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<CourseLearners>(courseLearnersPath(courseId), { signal })).results,
  });

/** A course with an empty outline, as the course picker labels it. */
export const nothingToTakeLabel = (name: string) => `${name} (${NOTHING_TO_TAKE_LABEL})`;

/** Enabled courses matching a search, for the form's course picker; an empty one says so. */
export const courseChoicePages = choicePages<AssignmentCourseOption>({
  key: assignmentKeys.courses,
  fetch: (query, signal) =>
    api.get<Paged<AssignmentCourseOption>>(courseAssignmentPaths.courseOptions, { query, signal }),
  toChoice: (course) => ({
    value: course._id,
    label: course.nothingToTake ? nothingToTakeLabel(course.name) : course.name,
  }),
});

const assigneePages = (kind: AssigneeKind) =>
  choicePages<NamedRef>({
    key: (search) => assignmentKeys.assignees(kind, search),
    fetch: (query, signal) =>
      api.get<Paged<NamedRef>>(courseAssignmentPaths.assigneeOptions, { query: { ...query, kind }, signal }),
    toChoice: (assignee) => ({ value: assignee._id, label: assignee.name }),
  });

/** The assignee picker's queries, one per kind: enabled users, user groups or teams by name. */
export const assigneeChoicePages = {
  users: assigneePages('users'),
  groups: assigneePages('groups'),
  teams: assigneePages('teams'),
} satisfies Record<AssigneeKind, unknown>;

/** The list's Team filter: enabled teams by name, paged as the searchable select scrolls. */
export const teamFilterPages = (search: string) =>
  infiniteQueryOptions({
    queryKey: assignmentKeys.assignees('teams', `filter:${search}`) as readonly unknown[],
    queryFn: async ({ pageParam, signal }): Promise<LookupPage<LookupItem>> => {
      const { results } = await api.get<Paged<NamedRef>>(courseAssignmentPaths.assigneeOptions, {
        query: { kind: 'teams', search, page: pageParam, limit: 20 },
        signal,
      });
      return {
        data: results.data.map((team) => ({ _id: team._id, title: team.name })),
        page: results.page,
        limit: results.limit,
        totalPage: results.totalPages,
        total: results.total,
      };
    },
    initialPageParam: 1,
    getNextPageParam: nextLookupPage,
  });

/** The list's Course filter: enabled courses by name, paged as the searchable select scrolls. */
export const courseFilterPages = (search: string) =>
  infiniteQueryOptions({
    queryKey: assignmentKeys.courseFilter(search) as readonly unknown[],
    queryFn: async ({ pageParam, signal }): Promise<LookupPage<LookupItem>> => {
      const { results } = await api.get<Paged<AssignmentCourseOption>>(courseAssignmentPaths.courseOptions, {
        query: { search, page: pageParam, limit: 20 },
        signal,
      });
      return {
        data: results.data.map((course) => ({ _id: course._id, title: course.name })),
        page: results.page,
        limit: results.limit,
        totalPage: results.totalPages,
        total: results.total,
      };
    },
    initialPageParam: 1,
    getNextPageParam: nextLookupPage,
  });
