import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditQuizScreen } from '@/features/quizzes/quiz-screens';
import { loadEditQuiz } from '@/features/quizzes/route-data';

export const Route = createFileRoute('/app/content-management/quizzes/edit/$quizId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.quizId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditQuiz(context.queryClient, params.quizId),
  component: EditQuizPage,
});

function EditQuizPage() {
  const { quizId } = Route.useParams();
  return <EditQuizScreen key={quizId} quizId={quizId} />;
}
