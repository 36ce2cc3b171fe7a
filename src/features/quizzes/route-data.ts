import type { QueryClient } from '@tanstack/react-query';
import { quizDetailOptions } from './queries';

/** The quiz is read again on opening, so the form starts from its current version. */
export async function loadEditQuiz(queryClient: QueryClient, quizId: string) {
  await queryClient.fetchQuery({ ...quizDetailOptions(quizId), staleTime: 0 });
}
