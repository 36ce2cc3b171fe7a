import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { learningKeys } from '@/lib/learning-keys';
import { checklistWithWork, useWaitingWork } from '@/lib/outbox-learning';
import { ChecklistProgress } from '@/ui/checklist/checklist-progress';
import { LearnerChecklistItems } from '@/ui/checklist/learner-checklist-items';
import { PageTitle } from '@/ui/page-title';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { ChecklistBreadcrumb } from './checklist-breadcrumb';
import { myChecklistOptions } from './queries';

const INVALIDATE = [learningKeys.all];

/**
 * The learner's own checklist: each item's instructions, state and history, and what the learner
 * does on their items. Work done offline shows waiting to be sent; the checklist opens offline once seen.
 */
export function LearnerChecklistScreen({ checklistId }: { checklistId: string }) {
  const query = useQuery(myChecklistOptions(checklistId));
  const work = useWaitingWork();
  const checklist = useMemo(() => query.data && checklistWithWork(query.data, work), [query.data, work]);
  return (
    <Stack gap="md">
      <ChecklistBreadcrumb
        back={{ label: 'My Dashboard', to: '/user-portal/user-dashboard' }}
        title={checklist?.title ?? 'Checklist'}
      />
      {checklist ? (
        <>
          <PageTitle>{checklist.title}</PageTitle>
          <SavedDataNotice updatedAt={query.dataUpdatedAt} networkFailed={isNetworkFailure(query.error)} />
          {checklist.description && <Text>{checklist.description}</Text>}
          {checklist.courses.length > 0 && (
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                Part of
              </Text>
              {checklist.courses.map((course) => (
                <Anchor
                  key={course._id}
                  size="sm"
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to="/user-portal/learning-process/course/$courseId"
                      params={{ courseId: course._id }}
                      search={{ item: checklist._id }}
                    />
                  )}
                >
                  {course.name}
                </Anchor>
              ))}
            </Group>
          )}
          <ChecklistProgress checklist={checklist} label="Checklist" />
          <LearnerChecklistItems checklist={checklist} invalidate={INVALIDATE} />
        </>
      ) : (
        <QueryStatus query={query} label="Loading the checklist..." />
      )}
    </Stack>
  );
}
