import type { ChecklistSummary } from '@contract/checklists/records';
import { Group, Progress, Text } from '@mantine/core';

/** A checklist's figures for one learner: its required items done (every item when none is required). */
export function ChecklistProgress({ checklist, label }: { checklist: ChecklistSummary; label?: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Progress
        value={checklist.percent}
        flex={1}
        color={checklist.completed ? 'green' : undefined}
        aria-label={`${label ?? checklist.title} progress: ${checklist.percent}%`}
      />
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {checklist.done} of {checklist.total} done
      </Text>
    </Group>
  );
}
