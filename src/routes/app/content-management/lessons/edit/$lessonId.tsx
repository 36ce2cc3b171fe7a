import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditLessonScreen } from '@/features/lessons/lesson-screens';
import { loadEditLesson } from '@/features/lessons/route-data';

export const Route = createFileRoute('/app/content-management/lessons/edit/$lessonId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.lessonId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditLesson(context.queryClient, params.lessonId),
  component: EditLessonPage,
});

function EditLessonPage() {
  const { lessonId } = Route.useParams();
  return <EditLessonScreen key={lessonId} lessonId={lessonId} />;
}
