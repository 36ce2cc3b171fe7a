import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconEye,
  IconGripVertical,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { activityTypeLabel } from './activity-values';
import type { LessonActivity } from './queries';

type ActivityRowProps = {
  activity: LessonActivity;
  index: number;
  count: number;
  canEdit: boolean;
  onMove: (from: number, to: number) => void;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onToggleRequired: () => void;
  togglingRequired: boolean;
};

/** What the activity holds, in a few words: the file's name, the video's host, the address. */
function contentSummary(activity: LessonActivity): string {
  if (activity.file) return activity.file.name;
  if (activity.activityType === 'videoPlayer' && activity.url) return activity.url;
  if (activity.activityType === 'customEmbed') return 'Embedded code';
  return activity.url ?? '';
}

/**
 * One activity of the lesson: dragged by its handle (pointer, touch or keyboard: space, arrows,
 * space) or moved with the up and down buttons; previewed, edited, required or not, and deleted.
 */
export function ActivityRow(props: ActivityRowProps) {
  const { activity, index, count, canEdit, onMove } = props;
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
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {index + 1}. {activity.title}
          </Text>
          <Group gap="xs">
            <Badge variant="light">{activityTypeLabel(activity.activityType)}</Badge>
            {activity.required && (
              <Badge variant="light" color="grape">
                Required
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {contentSummary(activity)}
          </Text>
          <Group gap="xs" justify="space-between">
            <Switch
              size="sm"
              label="Required"
              aria-label={`Required: ${activity.title}`}
              checked={activity.required}
              disabled={!canEdit || props.togglingRequired}
              onChange={props.onToggleRequired}
            />
            <Group gap={2} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`Preview ${activity.title}`} onClick={props.onPreview}>
                <IconEye size={18} />
              </ActionIcon>
              {canEdit && (
                <>
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
                  <ActionIcon variant="subtle" aria-label={`Edit ${label}`} onClick={props.onEdit}>
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${label}`}
                    onClick={props.onDelete}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </>
              )}
            </Group>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
