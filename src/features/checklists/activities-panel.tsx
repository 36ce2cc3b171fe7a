import {
  type ChecklistActivity,
  type ChecklistDetail,
  checklistResource,
} from '@contract/checklists/resource';
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
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EditorPanel } from '@/ui/admin-list/editor-shell';
import { useCan } from '@/ui/admin-list/use-can';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ActivityModal } from './activity-modal';
import { ActivityRow } from './activity-row';
import { useDeleteActivity, useReorderActivities } from './queries';

type Editing = { activity?: ChecklistActivity } | null;

const activityCount = (count: number) => (count === 1 ? '1 activity' : `${count} activities`);

/** The activities of a checklist on its edit screen: add, edit, delete and reorder. */
export function ActivitiesPanel({ checklist }: { checklist: ChecklistDetail }) {
  const canEdit = useCan(checklistResource, 'edit');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ChecklistActivity | null>(null);
  const reorder = useReorderActivities(checklist._id);
  const remove = useDeleteActivity(checklist._id);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const activities = checklist.activities;
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
  const required = activities.filter((activity) => activity.required).length;

  return (
    <EditorPanel
      title="Activities"
      summary={`${activityCount(activities.length)}, ${required} required`}
      actions={
        canEdit && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
            Add Activity
          </Button>
        )
      }
    >
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
                  onEdit={() => setEditing({ activity })}
                  onDelete={() => setDeleting(activity)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      {editing && (
        <ActivityModal
          checklistId={checklist._id}
          activity={editing.activity}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          variant="delete"
          opened
          onConfirm={() => remove.mutateAsync(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </EditorPanel>
  );
}
