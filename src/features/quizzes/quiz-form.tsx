import { QUIZ_REVIEW_LABELS, QUIZ_REVIEWS } from '@contract/learning/resource';
import { type QuizDetail, quizResource } from '@contract/quizzes/resource';
import { quizSchema, quizUpdateSchema } from '@contract/quizzes/schemas';
import { SimpleGrid, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { isQueued } from '@/lib/api-client';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import { useRecordForm } from '@/ui/form/use-record-form';
import { type QuizFormValues, toQuizFormValues, toQuizInput, toQuizUpdate } from './form-values';
import { useCreateQuiz, useUpdateQuiz } from './queries';

type QuizFormViewProps = {
  initialValues: QuizFormValues;
  /** Editing: the quiz as read. */
  record?: QuizDetail;
  onCurrentRecord?: (quiz: QuizDetail) => void;
};

const reviewOptions = QUIZ_REVIEWS.map((value) => ({ value, label: QUIZ_REVIEW_LABELS[value] }));

const texts = {
  add: { crumb: 'Add Quiz', title: 'Add Quiz', submit: 'Save' },
  edit: { crumb: 'Edit Quiz', title: 'Edit Quiz', submit: 'Update' },
} as const;

/**
 * The quiz's settings: name, description, pass mark, attempts (empty for unlimited), time limit
 * (empty for none), shuffling and what a learner sees after an attempt. A new quiz opens on its edit screen, where its questions are added.
 */
export function QuizFormView({ initialValues, record, onCurrentRecord }: QuizFormViewProps) {
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  const allowed = useCan(quizResource, mode);
  const navigate = useNavigate();
  const create = useCreateQuiz();
  const update = useUpdateQuiz(record?._id ?? '');
  const { form } = useRecordForm({
    defaultValues: initialValues,
    schema: record ? quizUpdateSchema : quizSchema,
    validate: { toInput: record ? toQuizUpdate : toQuizInput },
    save: (values: QuizFormValues) =>
      record ? update.mutateAsync(toQuizUpdate(values)) : create.mutateAsync(toQuizInput(values)),
    onSaved: (result, { startOver }) => {
      if (isQueued(result)) return navigate({ to: '/app/content-management/quizzes' });
      if (!record)
        return navigate({
          to: '/app/content-management/quizzes/edit/$quizId',
          params: { quizId: result.results._id },
        });
      startOver(toQuizFormValues(result.results));
    },
    fromRecord: toQuizFormValues,
    onCurrentRecord,
    readOnly: !allowed,
  });

  return (
    <AdminFormPage
      list={{ label: 'Quizzes', to: '/app/content-management/quizzes' }}
      title={text.title}
      crumb={text.crumb}
      readOnlyNotice={allowed ? undefined : <RoleDeniedNotice mode={mode} noun="quiz" plural="quizzes" />}
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
    >
      <Stack maw={720}>
        <form.AppField name="name">
          {(field) => <field.TextField label="Quiz Name" required data-autofocus />}
        </form.AppField>
        <form.AppField name="description">{(field) => <field.TextField label="Description" />}</form.AppField>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <form.AppField name="passMark">
            {(field) => <field.TextField label="Pass Mark (%)" inputMode="numeric" required />}
          </form.AppField>
          <form.AppField name="attemptsAllowed">
            {(field) => (
              <field.TextField
                label="Attempts Allowed"
                inputMode="numeric"
                description="Leave empty for unlimited."
              />
            )}
          </form.AppField>
          <form.AppField name="timeLimitMinutes">
            {(field) => (
              <field.TextField
                label="Time Limit (minutes)"
                inputMode="numeric"
                description="Leave empty for no limit."
              />
            )}
          </form.AppField>
        </SimpleGrid>
        <form.AppField name="shuffleQuestions">
          {(field) => <field.SwitchField label="Shuffle questions" />}
        </form.AppField>
        <form.AppField name="review">
          {(field) => (
            <field.SelectField
              label="Review after an attempt"
              data={reviewOptions}
              allowDeselect={false}
              required
            />
          )}
        </form.AppField>
      </Stack>
    </AdminFormPage>
  );
}
