import { type LessonDetail, lessonResource } from '@contract/lessons/resource';
import { lessonSchema, lessonUpdateSchema } from '@contract/lessons/schemas';
import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { isQueued } from '@/lib/api-client';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import { useRecordForm } from '@/ui/form/use-record-form';
import { type LessonFormValues, toLessonFormValues, toLessonInput, toLessonUpdate } from './form-values';
import { useCreateLesson, useUpdateLesson } from './queries';

type LessonFormViewProps = {
  initialValues: LessonFormValues;
  /** Editing: the lesson as read. */
  record?: LessonDetail;
  onCurrentRecord?: (lesson: LessonDetail) => void;
};

const texts = {
  add: { crumb: 'Add Lesson', title: 'Add Lesson', submit: 'Save' },
  edit: { crumb: 'Edit Lesson', title: 'Edit Lesson', submit: 'Update' },
} as const;

/** The lesson's name and description. A new lesson opens on its edit screen, where activities are added. */
export function LessonFormView({ initialValues, record, onCurrentRecord }: LessonFormViewProps) {
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  const allowed = useCan(lessonResource, mode);
  const navigate = useNavigate();
  const create = useCreateLesson();
  const update = useUpdateLesson(record?._id ?? '');
  const { form } = useRecordForm({
    defaultValues: initialValues,
    schema: record ? lessonUpdateSchema : lessonSchema,
    validate: { toInput: record ? toLessonUpdate : toLessonInput },
    save: (values: LessonFormValues) =>
      record ? update.mutateAsync(toLessonUpdate(values)) : create.mutateAsync(toLessonInput(values)),
    onSaved: (result, { startOver }) => {
      if (isQueued(result)) return navigate({ to: '/app/content-management/lessons' });
      if (!record)
        return navigate({
          to: '/app/content-management/lessons/edit/$lessonId',
          params: { lessonId: result.results._id },
        });
      startOver(toLessonFormValues(result.results));
    },
    fromRecord: toLessonFormValues,
    onCurrentRecord,
    readOnly: !allowed,
  });

  return (
    <AdminFormPage
      list={{ label: 'Lessons', to: '/app/content-management/lessons' }}
      title={text.title}
      crumb={text.crumb}
      readOnlyNotice={allowed ? undefined : <RoleDeniedNotice mode={mode} noun="lesson" plural="lessons" />}
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
    >
      <Stack maw={720}>
        <form.AppField name="name">
          {(field) => <field.TextField label="Lesson Name" required data-autofocus />}
        </form.AppField>
        <form.AppField name="description">{(field) => <field.TextField label="Description" />}</form.AppField>
      </Stack>
    </AdminFormPage>
  );
}
