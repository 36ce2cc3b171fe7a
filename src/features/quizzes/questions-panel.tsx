import { type QuizDetail, type QuizQuestion, quizResource } from '@contract/quizzes/resource';
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
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '@/ui/admin-list/use-can';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ImportQuestionsModal } from './import-modal';
import { useDeleteQuestion, useReorderQuestions } from './queries';
import { QuestionModal } from './question-modal';
import { QuestionRow } from './question-row';

type Editing = { question?: QuizQuestion } | null;

/** The questions of a quiz on its edit screen: add, edit, delete, reorder and import. */
export function QuestionsPanel({ quiz }: { quiz: QuizDetail }) {
  const canEdit = useCan(quizResource, 'edit');
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<QuizQuestion | null>(null);
  const reorder = useReorderQuestions(quiz._id);
  const remove = useDeleteQuestion(quiz._id);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const questions = quiz.questions;
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= questions.length) return;
    reorder.mutate(arrayMove(questions, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      questions.findIndex((q) => q._id === active.id),
      questions.findIndex((q) => q._id === over.id),
    );
  };
  const total = questions.reduce((sum, q) => sum + q.points, 0);

  return (
    <Paper withBorder p="lg" radius="md" mt="lg" component="section" aria-labelledby="quiz-questions-title">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2} size="h3" id="quiz-questions-title">
            Questions
          </Title>
          <Text size="sm" c="dimmed">
            {questions.length} {questions.length === 1 ? 'question' : 'questions'}, {total}{' '}
            {total === 1 ? 'point' : 'points'}
          </Text>
        </div>
        {canEdit && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              Import
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
              Add Question
            </Button>
          </Group>
        )}
      </Group>
      {questions.length === 0 ? (
        <Text c="dimmed">No question yet. Add one or import a file.</Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={questions.map((q) => q._id)} strategy={verticalListSortingStrategy}>
            <Stack component="ol" gap="xs" p={0} m={0} aria-label="Questions">
              {questions.map((question, index) => (
                <QuestionRow
                  key={question._id}
                  question={question}
                  index={index}
                  count={questions.length}
                  canEdit={canEdit}
                  onMove={move}
                  onEdit={() => setEditing({ question })}
                  onDelete={() => setDeleting(question)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      {editing && (
        <QuestionModal quizId={quiz._id} question={editing.question} onClose={() => setEditing(null)} />
      )}
      {importing && <ImportQuestionsModal quizId={quiz._id} onClose={() => setImporting(false)} />}
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
