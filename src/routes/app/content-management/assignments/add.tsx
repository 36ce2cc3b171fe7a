import { idFilterParam } from '@contract/admin-list';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AddAssignmentScreen } from '@/features/course-assignments/screens';

export const Route = createFileRoute('/app/content-management/assignments/add')({
  // `course`: the course's Assign opens the form with it chosen; a bad id opens it empty.
  validateSearch: v.object({ course: idFilterParam }),
  component: AddAssignmentPage,
});

function AddAssignmentPage() {
  return <AddAssignmentScreen courseId={Route.useSearch().course} />;
}
