import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Stack } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type SortableItemRowProps = {
  /** The item's id in its SortableContext. */
  id: string;
  index: number;
  count: number;
  /** How the buttons name the item for a screen reader: 'question 2: Which one?'. */
  label: string;
  canEdit: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
  /** What the row shows of the item. */
  children: ReactNode;
};

/**
 * One item of an ordered list an editor keeps (a quiz's questions, a checklist's activities):
 * dragged by its handle (pointer, touch or keyboard: space, arrows, space), or moved with the up and
 * down buttons; edited and deleted from its buttons. Without the edit right, it only shows the item.
 */
export function SortableItemRow({
  id,
  index,
  count,
  label,
  canEdit,
  onMove,
  onEdit,
  onDelete,
  children,
}: SortableItemRowProps) {
  const sortable = useSortable({ id, disabled: !canEdit });
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
          {children}
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
