import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditAttendeeScreen } from '@/features/attendees/edit-attendee-screen';
import { loadEditAttendee } from '@/features/attendees/route-data';

export const Route = createFileRoute('/app/event-management/attendees/edit/$attendeeId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.attendeeId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditAttendee(context.queryClient, params.attendeeId),
  component: EditAttendeePage,
});

function EditAttendeePage() {
  const { attendeeId } = Route.useParams();
  return <EditAttendeeScreen key={attendeeId} attendeeId={attendeeId} />;
}
