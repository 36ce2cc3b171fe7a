import type { CourseCategoryDetail } from '@contract/course-categories/resource';
import { courseCategorySchema, courseCategoryUpdateSchema } from '@contract/course-categories/schemas';
import { useNavigate } from '@tanstack/react-router';
import { useRecordForm } from '@/ui/form/use-record-form';
import {
  type CategoryFormValues,
  toCategoryFormValues,
  toCategoryInput,
  toCategoryUpdate,
} from './form-values';
import { useCreateCategory, useUpdateCategory } from './queries';

type UseCategoryFormOptions = {
  initialValues: CategoryFormValues;
  /** Editing: the category's id. */
  categoryId?: string;
  /** Editing: the current category a stale save brought back. */
  onCurrentRecord?: (category: CourseCategoryDetail) => void;
  readOnly?: boolean;
};

/**
 * The course category form: the contract's rules on the body it would send (no parent is null,
 * not ''), a 422 under Category Title or the parent, and a save goes back to the list.
 */
export function useCategoryForm({
  initialValues,
  categoryId,
  onCurrentRecord,
  readOnly,
}: UseCategoryFormOptions) {
  const navigate = useNavigate();
  const create = useCreateCategory();
  const update = useUpdateCategory(categoryId ?? '');
  return useRecordForm({
    defaultValues: initialValues,
    schema: categoryId ? courseCategoryUpdateSchema : courseCategorySchema,
    validate: { toInput: categoryId ? toCategoryUpdate : toCategoryInput },
    save: (values: CategoryFormValues) =>
      categoryId ? update.mutateAsync(toCategoryUpdate(values)) : create.mutateAsync(toCategoryInput(values)),
    // Answered or kept for later by the outbox, the change is on its way: back to the list.
    onSaved: () => navigate({ to: '/app/content-management/course-category' }),
    fromRecord: toCategoryFormValues,
    onCurrentRecord,
    readOnly,
  }).form;
}
