import { lessonResource } from '@contract/lessons/resource';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActivityPreview } from '@/ui/activity-preview/activity-preview';
import { useCan } from '@/ui/admin-list/use-can';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ActivityModal } from './activity-modal';
import { ActivityRow } from './activity-row';
import {
  activitiesOptions,
  type LessonActivity,
  useDeleteActivity,
  useReorderActivities,
  useRequireActivity,
} from './queries';

type Editing = { activity?: LessonActivity } | null;

/** The activities of a lesson on its edit screen: add, edit, preview, require, delete and reorder. */
export function ActivitiesPanel({ lessonId }: { lessonId: string }) {
  const canEdit = useCan(lessonResource, 'edit');
  const { data: activities } = useSuspenseQuery(activitiesOptions(lessonId));
  const [editing, setEditing] = useState<Editing>(null);
  const [previewing, setPreviewing] = useState<LessonActivity | null>(null);
  const [deleting, setDeleting] = useState<LessonActivity | null>(null);
  const reorder = useReorderActivities(lessonId);
  const remove = useDeleteActivity(lessonId);
  const require = useRequireActivity(lessonId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= activities.length) return;
    reorder.mutate(arrayMove(activities, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      activities.findIndex((a) => a._id === active.id),
      activities.findIndex((a) => a._id === over.id),
    );
  };
  const requiredCount = activities.filter((a) => a.required).length;

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      mt="lg"
      component="section"
      aria-labelledby="lesson-activities-title"
    >
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2} size="h3" id="lesson-activities-title">
            Activities
          </Title>
          <Text size="sm" c="dimmed">
            {activities.length} {activities.length === 1 ? 'activity' : 'activities'}, {requiredCount}{' '}
            required
          </Text>
        </div>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
            Add Activity
          </Button>
        )}
      </Group>
      {activities.length === 0 ? (
        <Text c="dimmed">No activity yet. Add the first one.</Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={activities.map((a) => a._id)} strategy={verticalListSortingStrategy}>
            <Stack component="ol" gap="xs" p={0} m={0} aria-label="Activities">
              {activities.map((activity, index) => (
                <ActivityRow
                  key={activity._id}
                  activity={activity}
                  index={index}
                  count={activities.length}
                  canEdit={canEdit}
                  onMove={move}
                  onPreview={() => setPreviewing(activity)}
                  onEdit={() => setEditing({ activity })}
                  onDelete={() => setDeleting(activity)}
                  onToggleRequired={() => require.mutate(activity)}
                  togglingRequired={require.isPending && require.variables?._id === activity._id}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      {editing && (
        <ActivityModal lessonId={lessonId} activity={editing.activity} onClose={() => setEditing(null)} />
      )}
      {previewing && (
        <Modal opened onClose={() => setPreviewing(null)} title={`Preview: ${previewing.title}`} size="xl">
          <ActivityPreview activity={previewing} />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          variant="delete"
          opened
          onConfirm={() => remove.mutateAsync(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Paper>
  );
}
