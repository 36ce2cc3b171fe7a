import { type ChecklistActivity, checklistTypeName } from '@contract/checklists/resource';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';

type ActivityRowProps = {
  activity: ChecklistActivity;
  index: number;
  count: number;
  canEdit: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * One activity of the list: dragged by its handle (pointer, touch or keyboard: space, arrows,
 * space), or moved with the up and down buttons; edited and deleted from its buttons.
 */
export function ActivityRow({ activity, index, count, canEdit, onMove, onEdit, onDelete }: ActivityRowProps) {
  const sortable = useSortable({ id: activity._id, disabled: !canEdit });
  const label = `activity ${index + 1}: ${activity.title}`;
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      p="sm"
      radius="md"
      component="li"
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        listStyle: 'none',
        opacity: sortable.isDragging ? 0.6 : 1,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {canEdit && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Drag ${label}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...sortable.attributes}
            {...sortable.listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
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
        </Stack>
        {canEdit && (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Move up ${label}`}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <IconArrowUp size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move down ${label}`}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={`Edit ${label}`} onClick={onEdit}>
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={onDelete}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
