import type { CourseCategoryListQuery } from '@contract/course-categories/list-query';
import {
  type CourseCategoryDetail,
  type CourseCategoryOption,
  type CourseCategoryRow,
  courseCategoryPaths,
} from '@contract/course-categories/resource';
import type { CourseCategoryInput, CourseCategoryUpdateInput } from '@contract/course-categories/schemas';
import type { LookupPage, Paged } from '@contract/envelope';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { nextLookupPage } from '@/lib/lookups';
import { toast } from '@/lib/notify';
import type { LookupItem } from '@/ui/searchable-paged-select';

/**
 * Query keys of the Course Category screens. Lists, records and the parent picker's pages all sit
 * under `all`: a save can move a category, which changes other rows' paths and the parents offered.
 */
export const categoryKeys = {
  all: ['course-categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (query: CourseCategoryListQuery) => [...categoryKeys.lists(), query] as const,
  detail: (categoryId: string) => [...categoryKeys.all, 'detail', categoryId] as const,
  parents: (categoryId: string | undefined, search: string) =>
    [...categoryKeys.all, 'parents', categoryId ?? 'any', search] as const,
};

export const categoryListOptions = (query: CourseCategoryListQuery) =>
  queryOptions({
    queryKey: categoryKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<CourseCategoryRow>>(courseCategoryPaths.list, { query, signal })).results,
    // The rows of the last page stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const categoryDetailOptions = (categoryId: string) =>
  queryOptions({
    queryKey: categoryKeys.detail(categoryId),
    queryFn: async ({ signal }) =>
      (await api.get<CourseCategoryDetail>(courseCategoryPaths.one(categoryId), { signal })).results,
  });

const PARENT_PAGE = 20;

/** A page of parent options as the searchable select lists them: each by its path. */
export function toParentPage(page: Paged<CourseCategoryOption>): LookupPage<LookupItem> {
  return {
    data: page.data.map((option) => ({ _id: option._id, title: option.path })),
    page: page.page,
    limit: page.limit,
    totalPage: page.totalPages,
    total: page.total,
  };
}

/**
 * The categories `categoryId` may hang under (any, when adding), searched on the server and paged
 * as the picker scrolls. The server leaves out the category itself and everything under it.
 */
export const parentPages = (categoryId?: string) => (search: string) =>
  infiniteQueryOptions({
    // Widened like the other lookups, so the picker's PagedLookupQuery takes it.
    queryKey: categoryKeys.parents(categoryId, search) as readonly unknown[],
    queryFn: async ({ pageParam, signal }) =>
      toParentPage(
        (
          await api.get<Paged<CourseCategoryOption>>(courseCategoryPaths.parent, {
            query: { categoryId, search, page: pageParam, limit: PARENT_PAGE },
            signal,
          })
        ).results,
      ),
    initialPageParam: 1,
    getNextPageParam: nextLookupPage,
  });

/** After an answered save: the server's message, the saved record cached, the rest refetched. */
function useOnCategorySaved() {
  const queryClient = useQueryClient();
  return async (result: WriteResult<CourseCategoryDetail>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    queryClient.setQueryData(categoryKeys.detail(result.results._id), result.results);
    await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
  };
}

const outbox = (action: string, target: string, categoryId?: string) => ({
  action,
  target,
  invalidate: categoryId ? [categoryKeys.lists(), categoryKeys.detail(categoryId)] : [categoryKeys.lists()],
});

export function useCreateCategory() {
  const onSaved = useOnCategorySaved();
  return useMutation({
    mutationFn: (input: CourseCategoryInput) =>
      api.post<CourseCategoryDetail>(courseCategoryPaths.list, input, {
        outbox: outbox('Add course category', input.name ?? ''),
      }),
    onSuccess: onSaved,
  });
}

export function useUpdateCategory(categoryId: string) {
  const onSaved = useOnCategorySaved();
  return useMutation({
    mutationFn: (input: CourseCategoryUpdateInput) =>
      api.patch<CourseCategoryDetail>(courseCategoryPaths.one(categoryId), input, {
        outbox: outbox('Edit course category', input.name ?? '', categoryId),
      }),
    onSuccess: onSaved,
  });
}
