import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditCategoryScreen } from '@/features/course-categories/edit-category-screen';
import { loadEditCategory } from '@/features/course-categories/route-data';

export const Route = createFileRoute('/app/content-management/course-category/edit/$categoryId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.categoryId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditCategory(context.queryClient, params.categoryId),
  component: EditCategoryPage,
});

function EditCategoryPage() {
  const { categoryId } = Route.useParams();
  return <EditCategoryScreen key={categoryId} categoryId={categoryId} />;
}
