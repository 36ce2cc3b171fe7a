import { createFileRoute } from '@tanstack/react-router';
import { AddQuizScreen } from '@/features/quizzes/quiz-screens';

export const Route = createFileRoute('/app/content-management/quizzes/add')({
  component: AddQuizScreen,
});
