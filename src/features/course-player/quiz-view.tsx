import type { PlayerQuiz } from '@contract/learning/resource';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';

type QuizViewProps = { courseId: string; quiz: PlayerQuiz };

/** A quiz of the course: its settings and the learner's attempts so far. */
export function QuizView({ quiz }: QuizViewProps) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {quiz.name}
          </Title>
          {quiz.done && <Badge color="green">Passed</Badge>}
        </Group>
        {quiz.description && <Text>{quiz.description}</Text>}
        <Text size="sm">
          {quiz.questionCount} questions · pass mark {quiz.passMark}% ·{' '}
          {quiz.attemptsAllowed === null
            ? 'unlimited attempts'
            : `${quiz.attemptsUsed} of ${quiz.attemptsAllowed} attempts used`}
          {quiz.timeLimitMinutes !== null && ` · ${quiz.timeLimitMinutes} minutes`}
        </Text>
      </Stack>
    </Paper>
  );
}
