import { courseAssignmentListQuery } from '@contract/course-assignments/list-query';
import { createFileRoute } from '@tanstack/react-router';
import { AssignmentsScreen } from '@/features/course-assignments/assignments-screen';
import { assignmentListOptions } from '@/features/course-assignments/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/content-management/assignments/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: courseAssignmentListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(assignmentListOptions(deps))),
  component: AssignmentsPage,
});

function AssignmentsPage() {
  const navigate = Route.useNavigate();
  return (
    <AssignmentsScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
