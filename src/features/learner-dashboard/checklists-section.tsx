import type { ChecklistSummary, LearnerChecklist } from '@contract/checklists/records';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { learningKeys } from '@/lib/learning-keys';
import { checklistWaits, checklistWithWork, useWaitingWork, WAITING_LABEL } from '@/lib/outbox-learning';
import { ChecklistProgress } from '@/ui/checklist/checklist-progress';
import { QueryStatus } from '@/ui/query-status';
import { myChecklistsOptions, observingOptions } from './queries';

/**
 * The checklist's figures as this device knows them: while a record of it waits in the outbox,
 * counted from the checklist as its screen last read it, with that record laid over it.
 */
function useSummaryWithWork(summary: ChecklistSummary): { shown: ChecklistSummary; waiting: boolean } {
  const work = useWaitingWork();
  const queryClient = useQueryClient();
  const waiting = checklistWaits(work, summary._id);
  const seen = waiting
    ? queryClient.getQueryData<LearnerChecklist>(learningKeys.myChecklist(summary._id, null))
    : undefined;
  return { shown: seen ? checklistWithWork(seen, work) : summary, waiting };
}

function ChecklistCard({ summary }: { summary: ChecklistSummary }) {
  const { shown, waiting } = useSummaryWithWork(summary);
  const titleId = `my-checklist-${summary._id}`;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={titleId}>
            <Anchor
              inherit
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/user-portal/learning-process/checklist/$checklistId"
                  params={{ checklistId: summary._id }}
                />
              )}
            >
              {summary.title}
            </Anchor>
          </Title>
          {shown.completed && (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
              Done
            </Badge>
          )}
        </Group>
        <ChecklistProgress checklist={shown} />
        {waiting && (
          <Group gap="xs">
            <Badge color="yellow" variant="light">
              {WAITING_LABEL}
            </Badge>
            <Text size="xs" c="dimmed">
              Done on this device; sent when you are back online.
            </Text>
          </Group>
        )}
        {summary.courses.length > 0 && (
          <Text size="xs" c="dimmed">
            Part of {summary.courses.map((course) => course.name).join(', ')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** A way to the checklists the user signs off as a named observer, when there are any. */
function ObservingLink() {
  const { data } = useQuery(observingOptions());
  if (!data || data.length === 0) return null;
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/user-portal/observing" />}>
      Checklists you observe ({data.length})
    </Anchor>
  );
}

/** My Dashboard's checklists: each with the learner's progress, opening the learner's checklist screen. */
export function ChecklistsSection() {
  const query = useQuery(myChecklistsOptions());
  const checklists = query.data;
  return (
    <Stack gap="sm">
      {checklists ? (
        checklists.length === 0 ? (
          <Text c="dimmed">None of your courses holds a checklist right now.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {checklists.map((summary) => (
              <ChecklistCard key={summary._id} summary={summary} />
            ))}
          </SimpleGrid>
        )
      ) : (
        <QueryStatus query={query} label="Loading your checklists..." />
      )}
      <ObservingLink />
    </Stack>
  );
}
