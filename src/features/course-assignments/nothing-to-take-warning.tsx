import { NOTHING_TO_TAKE_WARNING } from '@contract/course-assignments/resource';
import { Alert } from '@mantine/core';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import type { ChoicePage } from '@/lib/choice-pages';
import { assignmentKeys, nothingToTakeLabel } from './queries';

/**
 * Warns when a chosen course has nothing to take: the course picker's pages already loaded say
 * which ones (the chosen ones were picked from them).
 */
export function NothingToTakeWarning({ courseIds }: { courseIds: string[] }) {
  const queryClient = useQueryClient();
  const pages = queryClient.getQueriesData<InfiniteData<ChoicePage>>({
    queryKey: [...assignmentKeys.all, 'courses'],
  });
  const chosen = new Set(courseIds);
  const empty = pages.some(([, data]) =>
    data?.pages.some((page) =>
      page.choices.some(
        (choice) => chosen.has(choice.value) && choice.label.endsWith(nothingToTakeLabel('')),
      ),
    ),
  );
  if (!empty) return null;
  return (
    <Alert color="yellow" role="status">
      {NOTHING_TO_TAKE_WARNING}
    </Alert>
  );
}
