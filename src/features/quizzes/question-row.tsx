import { QUESTION_KIND_LABELS, type QuizQuestion } from '@contract/quizzes/resource';
import { Badge, Group, Text } from '@mantine/core';
import { SortableItemRow } from '@/ui/sortable-item-row';

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

/** One question of the quiz: its text, type, points and, in a few words, its answer. */
export function QuestionRow({ question, index, ...row }: QuestionRowProps) {
  return (
    <SortableItemRow
      id={question._id}
      index={index}
      label={`question ${index + 1}: ${question.text}`}
      {...row}
    >
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
    </SortableItemRow>
  );
}
