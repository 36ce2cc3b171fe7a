import type { Paged } from '@contract/envelope';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import type { Choice } from './lookups';

/** One page of a server search as choices, and the page after it while there is one. */
export type ChoicePage = { choices: Choice[]; nextPage: number | undefined };

/** The infinite query of one search text: what a remote multi-select pages through. */
export type ChoicePagesQuery = (
  search: string,
) => UseInfiniteQueryOptions<ChoicePage, Error, InfiniteData<ChoicePage>, QueryKey, number>;

/** A page of a paged list as choices. */
export function toChoicePage<T>(page: Paged<T>, toChoice: (item: T) => Choice): ChoicePage {
  return {
    choices: page.data.map(toChoice),
    nextPage: page.page < page.totalPages ? page.page + 1 : undefined,
  };
}

const PAGE_SIZE = 20;

/**
 * The queries of a list the server searches and pages (users, courses, teams, a team's members),
 * as choices; each search text is cached apart under `key(search)`.
 *
 *   export const courseChoicePages = choicePages({
 *     key: (search) => teamKeys.coursePages(search),
 *     fetch: (query, signal) => api.get<Paged<NamedRef>>(courseAssignmentPaths.courseOptions, { query, signal }),
 *     toChoice: (course) => ({ value: course._id, label: course.name }),
 *   });
 */
export function choicePages<T>(options: {
  key: (search: string) => QueryKey;
  fetch: (
    query: { search: string; page: number; limit: number },
    signal: AbortSignal,
  ) => Promise<{ results: Paged<T> }>;
  toChoice: (item: T) => Choice;
}): ChoicePagesQuery {
  const { key, fetch, toChoice } = options;
  return (search) =>
    infiniteQueryOptions({
      queryKey: key(search),
      queryFn: async ({ pageParam, signal }) =>
        toChoicePage((await fetch({ search, page: pageParam, limit: PAGE_SIZE }, signal)).results, toChoice),
      initialPageParam: 1,
      getNextPageParam: (last: ChoicePage) => last.nextPage,
      // The last search's choices stay listed while the next one loads.
      placeholderData: keepPreviousData,
    });
}
