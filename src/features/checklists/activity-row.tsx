import { type ChecklistActivity, checklistTypeName } from '@contract/checklists/resource';
import { Badge, Group, Text } from '@mantine/core';
import { SortableItemRow } from '@/ui/sortable-item-row';

type ActivityRowProps = {
  activity: ChecklistActivity;
  index: number;
  count: number;
  canEdit: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One activity of the checklist: its title, type, whether it is required and its instructions. */
export function ActivityRow({ activity, index, ...row }: ActivityRowProps) {
  return (
    <SortableItemRow
      id={activity._id}
      index={index}
      label={`activity ${index + 1}: ${activity.title}`}
      {...row}
    >
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {index + 1}. {activity.title}
      </Text>
      <Group gap="xs">
        <Badge variant="light">{checklistTypeName(activity.type)}</Badge>
        <Text size="sm" c="dimmed">
          {activity.required ? 'Required' : 'Optional'}
        </Text>
      </Group>
      {activity.instructions !== '' && (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {activity.instructions}
        </Text>
      )}
    </SortableItemRow>
  );
}
