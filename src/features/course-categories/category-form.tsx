import { type CourseCategoryDetail, courseCategoryResource } from '@contract/course-categories/resource';
import { Stack } from '@mantine/core';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import { type CategoryFormValues, parentPathOf } from './form-values';
import { parentPages } from './queries';
import { useCategoryForm } from './use-category-form';

type CategoryFormViewProps = {
  initialValues: CategoryFormValues;
  /** Editing: the category as read, for its id and its parent's path. */
  record?: CourseCategoryDetail;
  /** Editing: the current category a stale save brought back. */
  onCurrentRecord?: (category: CourseCategoryDetail) => void;
};

const texts = {
  add: { crumb: 'Add Category', title: 'Add Course Category', submit: 'Save' },
  edit: { crumb: 'Edit Category', title: 'Edit Course Category', submit: 'Update' },
} as const;

/** The Add/Edit Course Category screen: Category Title and an optional parent, then Cancel / Save. */
export function CategoryFormView({ initialValues, record, onCurrentRecord }: CategoryFormViewProps) {
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  const allowed = useCan(courseCategoryResource, mode);
  const form = useCategoryForm({
    initialValues,
    categoryId: record?._id,
    onCurrentRecord,
    readOnly: !allowed,
  });
  const parentPath = record ? parentPathOf(record) : '';

  return (
    <AdminFormPage
      list={{ label: 'Course Categories', to: '/app/content-management/course-category' }}
      title={text.title}
      crumb={text.crumb}
      readOnlyNotice={
        allowed ? undefined : (
          <RoleDeniedNotice mode={mode} noun="course category" plural="course categories" />
        )
      }
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
    >
      <Stack maw={560}>
        <form.AppField name="name">
          {(field) => <field.TextField label="Category Title" required data-autofocus />}
        </form.AppField>
        <form.AppField name="parentId">
          {(field) => (
            <field.PagedSelectField
              label="Parent Category"
              placeholder="None (top level)"
              nothingFound="No category found."
              // Editing: never the category itself or one under it (the server leaves them out).
              query={parentPages(record?._id)}
              selectedOption={record?.parentId ? { value: record.parentId, label: parentPath } : null}
              disabled={!allowed}
            />
          )}
        </form.AppField>
      </Stack>
    </AdminFormPage>
  );
}
