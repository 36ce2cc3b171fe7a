import type { LearnerQuestion, QuizAnswer, ReviewItem } from '@contract/learning/resource';
import { Checkbox, Fieldset, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

export type Answers = Record<string, QuizAnswer>;

/** The answers as the server takes them: one per question answered, in the attempt's order. */
export function answerList(questions: LearnerQuestion[], answers: Answers): QuizAnswer[] {
  return questions.flatMap((question) => {
    const answer = answers[question._id];
    return answer ? [answer] : [];
  });
}

function ReviewLine({ question, review }: { question: LearnerQuestion; review: ReviewItem }) {
  const right =
    review.rightChoices?.map((index) => question.options[index]).join(', ') ??
    (review.rightValue === undefined ? undefined : review.rightValue ? 'True' : 'False') ??
    review.acceptedAnswers?.join(' or ');
  return (
    <Stack gap={2}>
      <Group gap={4} c={review.correct ? 'green.8' : 'red.8'}>
        {review.correct ? <IconCheck size={16} aria-hidden /> : <IconX size={16} aria-hidden />}
        <Text size="sm" fw={500}>
          {review.correct ? 'Right' : 'Wrong'}
        </Text>
      </Group>
      {!review.correct && right && <Text size="sm">Right answer: {right}</Text>}
      {review.feedback && <Text size="sm">{review.feedback}</Text>}
    </Stack>
  );
}

/** A choice's value is its place among the question's options, the index the server grades. */
const choicesOf = (question: LearnerQuestion) =>
  question.options.map((label, index) => ({ label, value: String(index) }));

type QuestionProps = {
  number: number;
  question: LearnerQuestion;
  answer: QuizAnswer | undefined;
  onAnswer: (answer: QuizAnswer) => void;
  review?: ReviewItem;
  disabled?: boolean;
};

/** One question with the input its kind takes; after grading, its review when the quiz gives one. */
export function QuestionField({ number, question, answer, onAnswer, review, disabled }: QuestionProps) {
  const legend = `${number}. ${question.text} (${question.points} point${question.points === 1 ? '' : 's'})`;
  const questionId = question._id;
  let input: React.ReactNode;
  switch (question.kind) {
    case 'singleChoice':
      input = (
        <Radio.Group
          aria-label={question.text}
          value={answer?.choices?.[0] === undefined ? null : String(answer.choices[0])}
          onChange={(value) => onAnswer({ questionId, choices: [Number(value)] })}
        >
          <Stack gap="xs">
            {choicesOf(question).map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
      break;
    case 'multipleChoice':
      input = (
        <Checkbox.Group
          aria-label={question.text}
          value={(answer?.choices ?? []).map(String)}
          onChange={(values) => onAnswer({ questionId, choices: values.map(Number).sort((a, b) => a - b) })}
        >
          <Stack gap="xs">
            {choicesOf(question).map((choice) => (
              <Checkbox key={choice.value} value={choice.value} label={choice.label} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
      break;
    case 'trueFalse':
      input = (
        <Radio.Group
          aria-label={question.text}
          value={answer?.value === undefined ? null : String(answer.value)}
          onChange={(value) => onAnswer({ questionId, value: value === 'true' })}
        >
          <Group>
            <Radio value="true" label="True" disabled={disabled} />
            <Radio value="false" label="False" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
      break;
    case 'shortAnswer':
      input = (
        <TextInput
          aria-label={question.text}
          placeholder="Your answer"
          maxLength={1000}
          value={answer?.text ?? ''}
          disabled={disabled}
          onChange={(event) => onAnswer({ questionId, text: event.currentTarget.value })}
        />
      );
      break;
  }
  return (
    <Fieldset legend={legend}>
      <Stack gap="sm">
        {input}
        {review && <ReviewLine question={question} review={review} />}
      </Stack>
    </Fieldset>
  );
}
