import { FIRST_PAGE, SEARCH_DEBOUNCE_MS } from '@contract/constants';
import type { CatalogueQuery } from '@contract/learning/schemas';
import { Box, Group, LoadingOverlay, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageTitle } from '@/ui/page-title';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { SearchablePagedSelect } from '@/ui/searchable-paged-select';
import { TextField } from '@/ui/text-field';
import { CataloguePagination } from './catalogue-pagination';
import { CourseCard } from './course-card';
import { EventsSection } from './events-section';
import { catalogueOptions, categoryPages } from './queries';

type CatalogueScreenProps = {
  query: CatalogueQuery;
  /** Changes the address; a new search or category goes back to the first page. */
  onQueryChange: (patch: Partial<CatalogueQuery>) => void;
};

/**
 * Training Resources: every course the learner may take (their permission scope), searched by name
 * and filtered by category on the server, a page at a time, each with their progress and a way into
 * the player, then the events open for registration. Pages already seen open offline.
 */
export function CatalogueScreen({ query, onQueryChange }: CatalogueScreenProps) {
  const list = useQuery(catalogueOptions(query));
  const [searchInput, setSearchInput] = useState(query.search);
  const applySearch = useDebouncedCallback(
    (text: string) => onQueryChange({ search: text.trim(), page: FIRST_PAGE }),
    SEARCH_DEBOUNCE_MS,
  );
  const data = list.data;
  const filtered = query.search !== '' || query.category !== undefined;
  // The chosen category's name from a course of it, until the category list reaches it (a shared link).
  const chosenCategory = data?.data.find((course) => course.category?._id === query.category)?.category;

  // A page past the end (a bookmarked page of a list that shrank) shows the last page instead.
  if (data && !list.isPlaceholderData && data.totalPages > 0 && query.page > data.totalPages) {
    return <Navigate to="." search={(prev) => ({ ...prev, page: data.totalPages })} replace />;
  }

  return (
    <Stack gap="md">
      <PageTitle>Welcome to the training Page.</PageTitle>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Find courses">
        <TextField
          type="search"
          label="Search"
          placeholder="Search courses"
          value={searchInput}
          onChange={(event) => {
            setSearchInput(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <Box w={{ base: '100%', sm: 280 }}>
          <SearchablePagedSelect
            label="Category"
            placeholder="All categories"
            nothingFound="No category found."
            value={query.category ?? ''}
            onChange={(value) => onQueryChange({ category: value || undefined, page: FIRST_PAGE })}
            query={categoryPages}
            selectedOption={chosenCategory ? { value: chosenCategory._id, label: chosenCategory.name } : null}
          />
        </Box>
      </Group>
      {data ? (
        <>
          <SavedDataNotice updatedAt={list.dataUpdatedAt} networkFailed={isNetworkFailure(list.error)} />
          {data.data.length === 0 ? (
            <Text c="dimmed" py="xl" ta="center">
              {filtered
                ? 'No course matches your search. Try other words or another category.'
                : 'No courses are available to you yet.'}
            </Text>
          ) : (
            <Box pos="relative">
              <LoadingOverlay visible={list.isPlaceholderData} overlayProps={{ blur: 1 }} />
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="md"
                component="section"
                aria-label="Courses"
              >
                {data.data.map((course) => (
                  <CourseCard key={course._id} course={course} />
                ))}
              </SimpleGrid>
            </Box>
          )}
          <CataloguePagination
            page={query.page}
            limit={query.limit}
            total={data.total}
            totalPages={data.totalPages}
            onChange={onQueryChange}
          />
        </>
      ) : (
        <QueryStatus query={list} label="Loading courses..." />
      )}
      <EventsSection search={query.search} />
    </Stack>
  );
}
