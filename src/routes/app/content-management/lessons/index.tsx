import { lessonListQuery } from '@contract/lessons/list-query';
import { createFileRoute } from '@tanstack/react-router';
import { LessonsScreen } from '@/features/lessons/lessons-screen';
import { lessonListOptions } from '@/features/lessons/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/content-management/lessons/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: lessonListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(lessonListOptions(deps))),
  component: LessonsPage,
});

function LessonsPage() {
  const navigate = Route.useNavigate();
  return (
    <LessonsScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
