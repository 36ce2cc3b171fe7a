import type { PlayerChecklist } from '@contract/learning/resource';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { learningKeys } from '@/lib/learning-keys';
import { checklistWithWork, useWaitingWork } from '@/lib/outbox-learning';
import { ChecklistProgress } from '@/ui/checklist/checklist-progress';
import { LearnerChecklistItems } from '@/ui/checklist/learner-checklist-items';
import { QueryStatus } from '@/ui/query-status';
import { playerChecklistOptions } from './queries';

const INVALIDATE = [learningKeys.all];

type ChecklistViewProps = { courseId: string; checklist: PlayerChecklist };

/**
 * A checklist of the course: its items with their state and history, counted in the course's round,
 * and what the learner does on their own items (the others are signed off by their lead or an observer).
 */
export function ChecklistView({ courseId, checklist: item }: ChecklistViewProps) {
  const query = useQuery(playerChecklistOptions(item._id, courseId));
  const work = useWaitingWork();
  const checklist = useMemo(() => query.data && checklistWithWork(query.data, work), [query.data, work]);
  const done = checklist ? checklist.completed : item.done;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {item.name}
        </Title>
        {done && (
          <Badge color="green" variant="light">
            Checklist done
          </Badge>
        )}
      </Group>
      {item.description && <Text>{item.description}</Text>}
      {checklist ? (
        <>
          <ChecklistProgress checklist={checklist} label="Checklist" />
          <LearnerChecklistItems checklist={checklist} invalidate={INVALIDATE} />
        </>
      ) : (
        <QueryStatus query={query} label="Loading the checklist..." />
      )}
    </Stack>
  );
}
