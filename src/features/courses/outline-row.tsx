import type { OutlineItem, OutlineKind } from '@contract/courses/resource';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';

/** How each kind of outline item reads, and what it is called while learners do not take it. */
const KIND: Record<OutlineKind, { label: string; color: string; hidden: string }> = {
  lesson: { label: 'Lesson', color: 'blue', hidden: 'Disabled' },
  quiz: { label: 'Quiz', color: 'grape', hidden: 'Unpublished' },
  checklist: { label: 'Checklist', color: 'teal', hidden: 'Unpublished' },
  elearning: { label: 'E-learning', color: 'orange', hidden: 'Unpublished' },
  event: { label: 'Event', color: 'indigo', hidden: 'Unpublished' },
};

type OutlineRowProps = {
  item: OutlineItem;
  index: number;
  count: number;
  canEdit: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
};

/**
 * One lesson, quiz or checklist of the outline: dragged by its handle (pointer, touch or keyboard: space,
 * arrows, space), or moved with the up and down buttons; removed from its button.
 */
export function OutlineRow({ item, index, count, canEdit, onMove, onRemove }: OutlineRowProps) {
  const sortable = useSortable({ id: item.id, disabled: !canEdit });
  const label = `${item.kind} ${item.name}`;
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      p="sm"
      radius="md"
      component="li"
      data-testid="outline-item"
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        listStyle: 'none',
        opacity: sortable.isDragging ? 0.6 : 1,
      }}
    >
      <Group gap="sm" wrap="nowrap">
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
        <Group gap="xs" style={{ flex: 1, minWidth: 0 }} wrap="wrap">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {index + 1}. {item.name}
          </Text>
          <Badge variant="light" color={KIND[item.kind].color}>
            {KIND[item.kind].label}
          </Badge>
          {!item.status && (
            // Learners do not see it (docs/decisions/016-what-a-learner-takes.md).
            <Badge variant="outline" color="gray" title="Left out of what learners take">
              {KIND[item.kind].hidden}
            </Badge>
          )}
        </Group>
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
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
