import {
  type AttemptResult,
  type LearnerQuestion,
  learningMessages,
  type PlayerQuiz,
  type QuizReview,
} from '@contract/learning/resource';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isQueued } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { useWaitingWork, WAITING_LABEL } from '@/lib/outbox-learning';
import { QueryStatus } from '@/ui/query-status';
import { useOnline } from '@/ui/use-online';
import { useStartAttempt, useSubmitAttempt } from './mutations';
import { learnerQuizOptions } from './queries';
import { type Answers, answerList, QuestionField } from './quiz-questions';

type QuizViewProps = {
  courseId: string;
  quiz: PlayerQuiz;
  /** While the course stands completed, the server takes no new attempt until it is due again. */
  courseCompleted: boolean;
};

type Taking = { attemptId: string; questions: LearnerQuestion[]; endsAt: string | null };
type Outcome = { kind: 'graded'; result: AttemptResult; questions: LearnerQuestion[] } | { kind: 'queued' };

/** A copy of `questions` in a random order, for an attempt started offline on a shuffled quiz. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function Countdown({ endsAt, onEnd }: { endsAt: string; onEnd: () => void }) {
  const [left, setLeft] = useState(() => Date.parse(endsAt) - Date.now());
  const ended = useRef(onEnd);
  ended.current = onEnd;
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.parse(endsAt) - Date.now();
      setLeft(now);
      if (now <= 0) {
        clearInterval(timer);
        ended.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const seconds = Math.max(0, Math.round(left / 1000));
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <Badge size="lg" color={seconds < 60 ? 'red' : 'blue'} role="timer" aria-label={`Time left ${text}`}>
      {text} left
    </Badge>
  );
}

/** Answers handed in on this device and waiting in the outbox: no grade yet, and no new attempt. */
function AnswersSaved() {
  return (
    <Alert color="yellow" role="status" title="Answers saved">
      Your answers are saved on this device and will be graded when you are back online.
    </Alert>
  );
}

function ResultView({
  outcome,
  onAgain,
  canAgain,
  review,
}: {
  outcome: Outcome;
  onAgain: () => void;
  canAgain: boolean;
  /** The quiz's review; the server sends a full review's right answers only once nothing is left to gain. */
  review: QuizReview | undefined;
}) {
  if (outcome.kind === 'queued') return <AnswersSaved />;
  const { result, questions } = outcome;
  const reviews = new Map(result.review?.map((item) => [item.questionId, item]));
  return (
    <Stack gap="md">
      <Alert
        color={result.passed ? 'green' : 'red'}
        role="status"
        title={result.passed ? 'Passed' : 'Not passed'}
      >
        <Text size="sm">
          Score {result.score}% ({result.points} of {result.maxPoints} points); pass mark {result.passMark}%.
        </Text>
        <Text size="sm">
          {result.attemptsLeft === null
            ? 'You may try again as often as you like.'
            : `${result.attemptsLeft} attempt${result.attemptsLeft === 1 ? '' : 's'} left.`}
        </Text>
        {result.courseCompleted && <Text size="sm">You have completed the course.</Text>}
        {review === 'full' && !result.passed && result.attemptsLeft !== 0 && (
          <Text size="sm">The right answers show once you pass or have no attempts left.</Text>
        )}
      </Alert>
      {result.review &&
        questions.map((question, index) => (
          <QuestionField
            key={question._id}
            number={index + 1}
            question={question}
            answer={undefined}
            onAnswer={() => undefined}
            review={reviews.get(question._id)}
            disabled
          />
        ))}
      {canAgain && (
        <Group>
          <Button onClick={onAgain}>Try again</Button>
        </Group>
      )}
    </Stack>
  );
}

/** A quiz of the course: its settings and attempts, an attempt's questions, and the server's grading. */
export function QuizView({ courseId, quiz, courseCompleted }: QuizViewProps) {
  const details = useQuery(learnerQuizOptions(quiz._id, courseId));
  const online = useOnline();
  const start = useStartAttempt(courseId);
  const submit = useSubmitAttempt();
  const [taking, setTaking] = useState<Taking | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Answers handed in on this device (before a reload too) still wait in the outbox to be graded.
  const answersWait = useWaitingWork().answeredQuizzes.has(quiz._id);
  // Once answers saved here have left the outbox, the quiz shows what the server made of them.
  const waited = useRef(false);
  useEffect(() => {
    if (answersWait) waited.current = true;
    else if (waited.current) {
      waited.current = false;
      setOutcome((shown) => (shown?.kind === 'queued' ? null : shown));
    }
  }, [answersWait]);

  const attemptsLeft =
    quiz.attemptsAllowed === null ? null : Math.max(0, quiz.attemptsAllowed - quiz.attemptsUsed);
  const timed = quiz.timeLimitMinutes !== null;
  const canStart =
    !courseCompleted && !answersWait && (attemptsLeft === null || attemptsLeft > 0) && (online || !timed);

  const begin = () => {
    const attemptId = crypto.randomUUID();
    setOutcome(null);
    setAnswers({});
    start.mutate(
      { quizId: quiz._id, title: quiz.name, attemptId, timed },
      {
        onSuccess: (answer) => {
          if (!isQueued(answer)) {
            const { questions, endsAt } = answer.results;
            setTaking({ attemptId, questions, endsAt });
            return;
          }
          // Offline: the questions kept on the device, in this attempt's own order.
          const kept = details.data?.questions ?? [];
          setTaking({
            attemptId,
            questions: details.data?.shuffleQuestions ? shuffled(kept) : kept,
            endsAt: null,
          });
        },
      },
    );
  };

  const hand = () => {
    if (!taking || submit.isPending) return;
    const { attemptId, questions } = taking;
    submit.mutate(
      { quizId: quiz._id, title: quiz.name, attemptId, answers: answerList(questions, answers) },
      {
        onSuccess: (answer) => {
          setTaking(null);
          setOutcome(
            isQueued(answer) ? { kind: 'queued' } : { kind: 'graded', result: answer.results, questions },
          );
        },
        // Past its time the server closed the attempt as failed: it is over here too.
        onError: (error) => {
          if (isApiError(error) && error.status === 409) setTaking(null);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {quiz.name}
          </Title>
          {answersWait ? (
            <Badge color="yellow" variant="light">
              {WAITING_LABEL}
            </Badge>
          ) : (
            quiz.done && (
              <Badge color="green" variant="light">
                Passed
              </Badge>
            )
          )}
        </Group>
        {quiz.description && <Text>{quiz.description}</Text>}
        <Text size="sm">
          {quiz.questionCount} question{quiz.questionCount === 1 ? '' : 's'} · pass mark {quiz.passMark}% ·{' '}
          {attemptsLeft === null
            ? 'no limit on attempts'
            : `${quiz.attemptsUsed} of ${quiz.attemptsAllowed} attempts used`}
          {timed && ` · ${quiz.timeLimitMinutes} minutes`}
          {quiz.bestScore !== null && ` · best score ${quiz.bestScore}%`}
        </Text>
        {taking ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              hand();
            }}
          >
            <Stack gap="md">
              {taking.endsAt && <Countdown endsAt={taking.endsAt} onEnd={hand} />}
              {taking.questions.map((question, index) => (
                <QuestionField
                  key={question._id}
                  number={index + 1}
                  question={question}
                  answer={answers[question._id]}
                  onAnswer={(answer) => setAnswers((all) => ({ ...all, [question._id]: answer }))}
                />
              ))}
              <Group>
                <Button type="submit" loading={submit.isPending}>
                  Submit answers
                </Button>
              </Group>
            </Stack>
          </form>
        ) : answersWait && outcome?.kind !== 'graded' ? (
          <AnswersSaved />
        ) : outcome ? (
          <ResultView
            outcome={outcome}
            onAgain={begin}
            canAgain={canStart && outcome.kind === 'graded'}
            review={details.data?.review}
          />
        ) : (
          <>
            {timed && !online && (
              <Alert color="yellow" role="status">
                {learningMessages.timedQuizNeedsNetwork}
              </Alert>
            )}
            {courseCompleted ? (
              <Text size="sm">{learningMessages.courseStandsCompleted}</Text>
            ) : (
              attemptsLeft === 0 && <Text size="sm">{learningMessages.noAttemptsLeft}</Text>
            )}
            {!online && !timed && <QueryStatus query={details} label="Loading the quiz..." />}
            <Group>
              <Button
                onClick={begin}
                loading={start.isPending}
                disabled={!canStart || (!online && !details.data)}
              >
                {quiz.attemptsUsed > 0 ? 'Start a new attempt' : 'Start the quiz'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
