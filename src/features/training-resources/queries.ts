import { type CourseCategoryOption, courseCategoryPaths } from '@contract/course-categories/resource';
import type { LookupPage, Paged } from '@contract/envelope';
import { type CatalogueResult, learningPaths } from '@contract/learning/resource';
import type { CatalogueQuery } from '@contract/learning/schemas';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { learningKeys } from '@/lib/learning-keys';
import { nextLookupPage } from '@/lib/lookups';
import type { LookupItem } from '@/ui/searchable-paged-select';

/** A page of the courses this learner may see, with their progress; kept a week for offline use. */
export const catalogueOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: learningKeys.catalogue(query),
    queryFn: async ({ signal }) =>
      (await api.get<CatalogueResult>(learningPaths.catalogue, { query, signal })).results,
    // The cards stay while the next page or search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

const CATEGORY_PAGE_SIZE = 20;

/** The category filter's choices, apart from the learner's progress: a completion does not change them. */
export const categoryKeys = {
  pages: (search: string) => ['training-resources', 'categories', search] as const,
};

/** Published categories by their path ('Safety / Forklifts'), searched on the server and paged as the list scrolls. */
export const categoryPages = (search: string) =>
  infiniteQueryOptions({
    queryKey: categoryKeys.pages(search) as readonly unknown[],
    queryFn: async ({ pageParam, signal }): Promise<LookupPage<LookupItem>> => {
      const { results } = await api.get<Paged<CourseCategoryOption>>(courseCategoryPaths.info, {
        query: { search, page: pageParam, limit: CATEGORY_PAGE_SIZE },
        signal,
      });
      return {
        data: results.data.map((option) => ({ _id: option._id, title: option.path })),
        page: results.page,
        limit: results.limit,
        totalPage: results.totalPages,
        total: results.total,
      };
    },
    initialPageParam: 1,
    getNextPageParam: nextLookupPage,
    gcTime: OFFLINE_MAX_AGE_MS,
  });
