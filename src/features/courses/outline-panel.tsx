import { NOTHING_TO_TAKE_LABEL } from '@contract/course-assignments/resource';
import { courseResource, type OutlineItem } from '@contract/courses/resource';
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
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '@/ui/admin-list/use-can';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { RemoteMultiSelect } from '@/ui/remote-multi-select';
import { OutlineRow } from './outline-row';
import {
  courseChoicePages,
  outlineOptions,
  useAddToOutline,
  useRemoveFromOutline,
  useReorderOutline,
} from './queries';

const NONE: OutlineItem[] = [];

/**
 * A course's outline on its edit screen: add existing lessons, quizzes, checklists, e-learning packages
 * and published events (a blended course), reorder, remove. Empty, it says what learners do: mark the course done at its link (`hasLink`), or nothing yet.
 */
export function OutlinePanel({ courseId, hasLink }: { courseId: string; hasLink: boolean }) {
  const canEdit = useCan(courseResource, 'edit');
  const outline = useQuery(outlineOptions(courseId));
  const items = outline.data ?? NONE;
  const [lessonIds, setLessonIds] = useState<string[]>([]);
  const [quizIds, setQuizIds] = useState<string[]>([]);
  const [checklistIds, setChecklistIds] = useState<string[]>([]);
  const [elearningPackageIds, setElearningPackageIds] = useState<string[]>([]);
  const [eventIds, setEventIds] = useState<string[]>([]);
  const [removing, setRemoving] = useState<OutlineItem | null>(null);
  const add = useAddToOutline(courseId);
  const reorder = useReorderOutline(courseId);
  const remove = useRemoveFromOutline(courseId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return;
    reorder.mutate(arrayMove(items, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((item) => item.id === active.id),
      items.findIndex((item) => item.id === over.id),
    );
  };
  const inOutline = items.map((item) => item.id);

  return (
    <Paper withBorder p="lg" radius="md" mt="lg" component="section" aria-labelledby="course-outline-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="course-outline-title">
            Outline
          </Title>
          <Text size="sm" c="dimmed">
            {items.length} {items.length === 1 ? 'item' : 'items'}: the lessons, quizzes, checklists,
            e-learning packages and events of the course, in order. Learners take the enabled lessons and the
            published quizzes, checklists and packages only. Published events count too: an event is done once
            the learner attended every session.
          </Text>
        </div>
        {canEdit && (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
              <RemoteMultiSelect
                label="Add Lessons"
                placeholder="Search lessons"
                value={lessonIds}
                onChange={setLessonIds}
                query={courseChoicePages.lessons}
                exclude={inOutline}
                nothingFound="No lesson found."
              />
              <RemoteMultiSelect
                label="Add Quizzes"
                placeholder="Search quizzes"
                value={quizIds}
                onChange={setQuizIds}
                query={courseChoicePages.quizzes}
                exclude={inOutline}
                nothingFound="No quiz found."
              />
              <RemoteMultiSelect
                label="Add Checklists"
                placeholder="Search checklists"
                value={checklistIds}
                onChange={setChecklistIds}
                query={courseChoicePages.checklists}
                exclude={inOutline}
                nothingFound="No checklist found."
              />
              <RemoteMultiSelect
                label="Add E-Learning"
                placeholder="Search e-learning packages"
                value={elearningPackageIds}
                onChange={setElearningPackageIds}
                query={courseChoicePages.elearningPackages}
                exclude={inOutline}
                nothingFound="No e-learning package found."
              />
              <RemoteMultiSelect
                label="Add Events"
                placeholder="Search published events"
                value={eventIds}
                onChange={setEventIds}
                query={courseChoicePages.events}
                exclude={inOutline}
                nothingFound="No published event found."
              />
            </SimpleGrid>
            <Group>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={
                  lessonIds.length +
                    quizIds.length +
                    checklistIds.length +
                    elearningPackageIds.length +
                    eventIds.length ===
                  0
                }
                loading={add.isPending}
                onClick={() =>
                  add.mutate(
                    { lessonIds, quizIds, checklistIds, elearningPackageIds, eventIds },
                    {
                      onSuccess: () => {
                        setLessonIds([]);
                        setQuizIds([]);
                        setChecklistIds([]);
                        setElearningPackageIds([]);
                        setEventIds([]);
                      },
                    },
                  )
                }
              >
                Add to Outline
              </Button>
            </Group>
          </Stack>
        )}
        {!outline.isPending &&
          !items.some((item) => item.status) &&
          (hasLink ? (
            <Alert color="blue" title="Taken at its external link" role="status">
              No enabled lesson, or published quiz, checklist or package: learners open the course's external
              link and mark the course as done.
            </Alert>
          ) : (
            <Alert color="yellow" title={NOTHING_TO_TAKE_LABEL} role="status">
              No enabled lesson, published quiz, checklist or package, or external link: learners given this
              course cannot complete it, and it cannot be added to a training, until it has one.
            </Alert>
          ))}
        {items.length === 0 ? (
          outline.isPending ? (
            <Text c="dimmed">Loading the outline…</Text>
          ) : null
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={inOutline} strategy={verticalListSortingStrategy}>
              <Stack component="ol" gap="xs" p={0} m={0} aria-label="Course outline">
                {items.map((item, index) => (
                  <OutlineRow
                    key={item.id}
                    item={item}
                    index={index}
                    count={items.length}
                    canEdit={canEdit}
                    onMove={move}
                    onRemove={() => setRemoving(item)}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
      </Stack>
      {removing && (
        <ConfirmDialog
          variant="delete"
          words={{
            title: 'Remove from outline',
            text: `Remove “${removing.name}” from this course's outline? The ${removing.kind} itself is kept.`,
            confirmLabel: 'Remove',
          }}
          opened
          onConfirm={() => remove.mutateAsync(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </Paper>
  );
}
