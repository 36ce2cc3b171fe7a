import { quizListQuery } from '@contract/quizzes/list-query';
import { createFileRoute } from '@tanstack/react-router';
import { quizListOptions } from '@/features/quizzes/queries';
import { QuizzesScreen } from '@/features/quizzes/quizzes-screen';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/content-management/quizzes/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: quizListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(quizListOptions(deps))),
  component: QuizzesPage,
});

function QuizzesPage() {
  const navigate = Route.useNavigate();
  return (
    <QuizzesScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
