import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { loadEditCourse } from '@/features/courses/route-data';
import { EditCourseScreen } from '@/features/courses/screens';

export const Route = createFileRoute('/app/content-management/courses/edit/$courseId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.courseId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditCourse(context.queryClient, params.courseId),
  component: EditCoursePage,
});

function EditCoursePage() {
  const { courseId } = Route.useParams();
  return <EditCourseScreen key={courseId} courseId={courseId} />;
}
