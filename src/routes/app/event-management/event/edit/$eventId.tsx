import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditEventScreen } from '@/features/events/event-screens';
import { loadEditEvent } from '@/features/events/route-data';

export const Route = createFileRoute('/app/event-management/event/edit/$eventId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.eventId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditEvent(context.queryClient, params.eventId),
  component: EditEventPage,
});

function EditEventPage() {
  const { eventId } = Route.useParams();
  return <EditEventScreen key={eventId} eventId={eventId} />;
}
