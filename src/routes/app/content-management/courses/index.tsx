import { courseListQuery } from '@contract/courses/list-query';
import { createFileRoute } from '@tanstack/react-router';
import { CoursesScreen } from '@/features/courses/courses-screen';
import { courseListOptions } from '@/features/courses/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/content-management/courses/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: courseListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(courseListOptions(deps))),
  component: CoursesPage,
});

function CoursesPage() {
  const navigate = Route.useNavigate();
  return (
    <CoursesScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
