import { type ChecklistRow, checklistPaths } from '@contract/checklists/resource';
import type { CourseCategoryOption } from '@contract/course-categories/resource';
import { courseCategoryPaths } from '@contract/course-categories/resource';
import type { CourseListQuery } from '@contract/courses/list-query';
import {
  type CourseDetail,
  type CoursePermissionResult,
  type CoursePermissionSubject,
  type CourseRow,
  coursePaths,
  type OutlineItem,
} from '@contract/courses/resource';
import type { CourseInput, CourseUpdateInput } from '@contract/courses/schemas';
import { type ElearningRow, elearningPaths } from '@contract/elearning/resource';
import type { LookupPage, Paged } from '@contract/envelope';
import { type EventRow, eventPaths } from '@contract/events/resource';
import { lessonPaths } from '@contract/lessons/resource';
import { quizPaths } from '@contract/quizzes/resource';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { choicePages } from '@/lib/choice-pages';
import { nextLookupPage } from '@/lib/lookups';
import { toast } from '@/lib/notify';
import type { LookupItem } from '@/ui/searchable-paged-select';

/** Query keys of the Courses screens; a course's outline sits apart from its fields. */
export const courseKeys = {
  all: ['courses'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  list: (query: CourseListQuery) => [...courseKeys.lists(), query] as const,
  detail: (courseId: string) => [...courseKeys.all, 'detail', courseId] as const,
  outline: (courseId: string) => [...courseKeys.all, 'outline', courseId] as const,
  categories: (search: string) => [...courseKeys.all, 'categories', search] as const,
  choices: (kind: string, search: string) => [...courseKeys.all, 'choices', kind, search] as const,
};

export const courseListOptions = (query: CourseListQuery) =>
  queryOptions({
    queryKey: courseKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<CourseRow>>(coursePaths.list, { query, signal })).results,
    placeholderData: keepPreviousData,
  });

export const courseDetailOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.detail(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<CourseDetail>(coursePaths.one(courseId), { signal })).results,
  });

export const coursePermissionOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...courseKeys.detail(courseId), 'permission'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<CoursePermissionResult>(coursePaths.permission(courseId), { signal })).results,
  });

export const outlineOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.outline(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<OutlineItem[]>(coursePaths.outline(courseId), { signal })).results,
  });

/** A page of categories as the searchable select lists them: each by its path. */
function toCategoryPage(page: Paged<CourseCategoryOption>): LookupPage<LookupItem> {
  return {
    data: page.data.map((option) => ({ _id: option._id, title: option.path })),
    page: page.page,
    limit: page.limit,
    totalPage: page.totalPages,
    total: page.total,
  };
}

/** The published categories by path, searched on the server and paged as the picker scrolls. */
export const categoryPages = (search: string) =>
  infiniteQueryOptions({
    queryKey: courseKeys.categories(search) as readonly unknown[],
    queryFn: async ({ pageParam, signal }) =>
      toCategoryPage(
        (
          await api.get<Paged<CourseCategoryOption>>(courseCategoryPaths.info, {
            query: { search, page: pageParam, limit: 20 },
            signal,
          })
        ).results,
      ),
    initialPageParam: 1,
    getNextPageParam: nextLookupPage,
  });

type Named = { _id: string; name: string };

/** The pickers' queries: users for the permission, lessons, quizzes, checklists, packages and events for the outline. */
export const courseChoicePages = {
  users: choicePages<CoursePermissionSubject>({
    key: (search) => courseKeys.choices('users', search),
    fetch: (query, signal) =>
      api.get<Paged<CoursePermissionSubject>>(coursePaths.userOptions, { query, signal }),
    toChoice: (user) => ({ value: user._id, label: user.name }),
  }),
  lessons: choicePages<Named>({
    key: (search) => courseKeys.choices('lessons', search),
    fetch: (query, signal) => api.get<Paged<Named>>(lessonPaths.list, { query, signal }),
    toChoice: (lesson) => ({ value: lesson._id, label: lesson.name }),
  }),
  quizzes: choicePages<Named>({
    key: (search) => courseKeys.choices('quizzes', search),
    fetch: (query, signal) => api.get<Paged<Named>>(quizPaths.list, { query, signal }),
    toChoice: (quiz) => ({ value: quiz._id, label: quiz.name }),
  }),
  checklists: choicePages<ChecklistRow>({
    key: (search) => courseKeys.choices('checklists', search),
    fetch: (query, signal) => api.get<Paged<ChecklistRow>>(checklistPaths.list, { query, signal }),
    toChoice: (checklist) => ({ value: checklist._id, label: checklist.title }),
  }),
  elearningPackages: choicePages<ElearningRow>({
    key: (search) => courseKeys.choices('elearning-packages', search),
    fetch: (query, signal) => api.get<Paged<ElearningRow>>(elearningPaths.list, { query, signal }),
    toChoice: (row) => ({ value: row._id, label: row.title }),
  }),
  // Published events only: a blended course's learners register for the event from its player.
  events: choicePages<EventRow>({
    key: (search) => courseKeys.choices('events', search),
    fetch: (query, signal) =>
      api.get<Paged<EventRow>>(eventPaths.list, { query: { ...query, status: 'true' }, signal }),
    toChoice: (row) => ({ value: row._id, label: row.title }),
  }),
};

const outbox = (action: string, target: string, courseId?: string) => ({
  action,
  target,
  invalidate: courseId
    ? [courseKeys.lists(), courseKeys.detail(courseId), courseKeys.outline(courseId)]
    : [courseKeys.lists()],
});

/** After an answered write: the server's message, then the lists and the course refetched. */
function useOnSaved(courseId?: string) {
  const queryClient = useQueryClient();
  return async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
    if (courseId) {
      await queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
      await queryClient.invalidateQueries({ queryKey: courseKeys.outline(courseId) });
    }
  };
}

export function useCreateCourse() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (input: CourseInput) =>
      api.post<CourseDetail>(coursePaths.list, input, { outbox: outbox('Add course', input.name ?? '') }),
    onSuccess: onSaved,
  });
}

export function useUpdateCourse(courseId: string) {
  const onSaved = useOnSaved(courseId);
  return useMutation({
    mutationFn: (input: CourseUpdateInput) =>
      api.patch<CourseDetail>(coursePaths.one(courseId), input, {
        outbox: outbox('Edit course', input.name ?? '', courseId),
      }),
    onSuccess: onSaved,
  });
}

/**
 * Sends the course's new image (multipart) or removes it, once the course exists on the server.
 * The form's own save never carries it, so the server keeps the image across saves.
 */
export function sendCourseImage(courseId: string, name: string, image: File | null) {
  const meta = outbox(image ? 'Change course image' : 'Remove course image', name, courseId);
  if (!image) return api.delete<CourseDetail>(coursePaths.image(courseId), undefined, { outbox: meta });
  const body = new FormData();
  body.append('image', image, image.name);
  return api.post<CourseDetail>(coursePaths.image(courseId), body, { outbox: meta });
}

export function useDuplicateCourse() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (course: CourseRow) =>
      api.post<CourseDetail>(coursePaths.duplicate(course._id), undefined, {
        outbox: outbox('Duplicate course', course.name),
      }),
    onSuccess: onSaved,
  });
}

export function useAddToOutline(courseId: string) {
  const onSaved = useOnSaved(courseId);
  return useMutation({
    mutationFn: (input: {
      lessonIds: string[];
      quizIds: string[];
      checklistIds: string[];
      elearningPackageIds: string[];
      eventIds: string[];
    }) =>
      api.post<OutlineItem[]>(coursePaths.outline(courseId), input, {
        outbox: outbox('Add to course outline', '', courseId),
      }),
    onSuccess: onSaved,
  });
}

export function useReorderOutline(courseId: string) {
  const queryClient = useQueryClient();
  const onSaved = useOnSaved(courseId);
  return useMutation({
    mutationFn: (items: OutlineItem[]) =>
      api.post<OutlineItem[]>(
        coursePaths.outlineOrder(courseId),
        { itemIds: items.map((item) => item.id) },
        { outbox: outbox('Reorder course outline', '', courseId) },
      ),
    // The new order shows at once; a refusal reads the outline again.
    onMutate: (items) => queryClient.setQueryData(courseKeys.outline(courseId), items),
    onSuccess: onSaved,
    onError: () => queryClient.invalidateQueries({ queryKey: courseKeys.outline(courseId) }),
  });
}

export function useRemoveFromOutline(courseId: string) {
  const onSaved = useOnSaved(courseId);
  return useMutation({
    mutationFn: (item: OutlineItem) =>
      api.delete<OutlineItem[]>(coursePaths.outlineItem(courseId, item.id), undefined, {
        outbox: outbox('Remove from course outline', item.name, courseId),
      }),
    onSuccess: onSaved,
  });
}
