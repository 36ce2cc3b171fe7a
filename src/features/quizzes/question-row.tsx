import { QUESTION_KIND_LABELS, type QuizQuestion } from '@contract/quizzes/resource';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';

type QuestionRowProps = {
  question: QuizQuestion;
  index: number;
  count: number;
  canEdit: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** What the answer is, in a few words: the correct options, true or false, or the accepted answers. */
function answerSummary(question: QuizQuestion): string {
  if (question.kind === 'trueFalse') return question.answer ? 'True' : 'False';
  if (question.kind === 'shortAnswer') return question.acceptedAnswers.join(', ');
  return question.options
    .filter((option) => option.correct)
    .map((option) => option.text)
    .join(', ');
}

/**
 * One question of the list: dragged by its handle (pointer, touch or keyboard: space, arrows,
 * space), or moved with the up and down buttons; edited and deleted from its buttons.
 */
export function QuestionRow({ question, index, count, canEdit, onMove, onEdit, onDelete }: QuestionRowProps) {
  const sortable = useSortable({ id: question._id, disabled: !canEdit });
  const label = `question ${index + 1}: ${question.text}`;
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
            {index + 1}. {question.text}
          </Text>
          <Group gap="xs">
            <Badge variant="light">{QUESTION_KIND_LABELS[question.kind]}</Badge>
            <Text size="sm" c="dimmed">
              {question.points} {question.points === 1 ? 'point' : 'points'}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Answer: {answerSummary(question)}
          </Text>
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
