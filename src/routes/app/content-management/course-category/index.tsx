import { courseCategoryListQuery } from '@contract/course-categories/list-query';
import { createFileRoute } from '@tanstack/react-router';
import { CourseCategoriesScreen } from '@/features/course-categories/course-categories-screen';
import { categoryListOptions } from '@/features/course-categories/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/content-management/course-category/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: courseCategoryListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(categoryListOptions(deps))),
  component: CourseCategoriesPage,
});

function CourseCategoriesPage() {
  const navigate = Route.useNavigate();
  return (
    <CourseCategoriesScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
