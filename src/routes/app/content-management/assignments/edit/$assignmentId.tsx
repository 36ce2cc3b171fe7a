import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { loadEditAssignment } from '@/features/course-assignments/route-data';
import { EditAssignmentScreen } from '@/features/course-assignments/screens';

export const Route = createFileRoute('/app/content-management/assignments/edit/$assignmentId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.assignmentId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditAssignment(context.queryClient, params.assignmentId),
  component: EditAssignmentPage,
});

function EditAssignmentPage() {
  const { assignmentId } = Route.useParams();
  return <EditAssignmentScreen key={assignmentId} assignmentId={assignmentId} />;
}
