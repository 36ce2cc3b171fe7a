import { createFileRoute } from '@tanstack/react-router';
import { AddCategoryScreen } from '@/features/course-categories/add-category-screen';

export const Route = createFileRoute('/app/content-management/course-category/add')({
  component: AddCategoryScreen,
});
