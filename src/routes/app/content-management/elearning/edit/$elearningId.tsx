import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { loadEditElearning } from '@/features/elearning/route-data';
import { EditElearningScreen } from '@/features/elearning/screens';

export const Route = createFileRoute('/app/content-management/elearning/edit/$elearningId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.elearningId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditElearning(context.queryClient, params.elearningId),
  component: EditElearningPage,
});

function EditElearningPage() {
  const { elearningId } = Route.useParams();
  return <EditElearningScreen key={elearningId} packageId={elearningId} />;
}
