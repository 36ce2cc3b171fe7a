import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { emptyQuizValues, toQuizFormValues } from './form-values';
import { quizDetailOptions } from './queries';
import { QuestionsPanel } from './questions-panel';
import { QuizFormView } from './quiz-form';

export function AddQuizScreen() {
  const [initialValues] = useState(emptyQuizValues);
  return <QuizFormView initialValues={initialValues} />;
}

/** The settings form, then the questions: apart, so the question dialogs' forms are not inside it. */
export function EditQuizScreen({ quizId }: { quizId: string }) {
  const queryClient = useQueryClient();
  const { data: quiz } = useSuspenseQuery(quizDetailOptions(quizId));
  const [initialValues] = useState(() => toQuizFormValues(quiz));
  return (
    <>
      <QuizFormView
        initialValues={initialValues}
        record={quiz}
        onCurrentRecord={(current) => queryClient.setQueryData(quizDetailOptions(quizId).queryKey, current)}
      />
      <QuestionsPanel quiz={quiz} />
    </>
  );
}
