import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditChecklistScreen } from '@/features/checklists/checklist-screens';
import { loadEditChecklist } from '@/features/checklists/route-data';

export const Route = createFileRoute('/app/content-management/checklists/edit/$id')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.id)) throw notFound();
  },
  loader: ({ context, params }) => loadEditChecklist(context.queryClient, params.id),
  component: EditChecklistPage,
});

function EditChecklistPage() {
  const { id } = Route.useParams();
  return <EditChecklistScreen key={id} checklistId={id} />;
}
