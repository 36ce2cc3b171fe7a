import { QUESTION_KIND_LABELS, QUESTION_KINDS, type QuizQuestion } from '@contract/quizzes/resource';
import { questionCreateSchema, questionUpdateSchema } from '@contract/quizzes/schemas';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Input,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useGuardedClose } from '@/ui/form/use-guarded-close';
import { useRecordForm } from '@/ui/form/use-record-form';
import {
  emptyQuestionValues,
  placeQuestionErrors,
  type QuestionFormValues,
  toQuestionFormValues,
  toQuestionInput,
  toQuestionUpdate,
} from './form-values';
import { useSaveQuestion } from './queries';

type QuestionModalProps = {
  quizId: string;
  /** Editing: the question; adding: undefined. */
  question?: QuizQuestion;
  onClose: () => void;
};

const kindOptions = QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABELS[kind] }));

/** Adds or edits one question: its type, text, the type's answer, points and feedback. */
export function QuestionModal({ quizId, question, onClose }: QuestionModalProps) {
  const save = useSaveQuestion(quizId);
  const { form, isUnsaved } = useRecordForm({
    defaultValues: question ? toQuestionFormValues(question) : emptyQuestionValues(),
    schema: question ? questionUpdateSchema : questionCreateSchema,
    validate: {
      toInput: (values: QuestionFormValues) =>
        question ? toQuestionUpdate(values) : toQuestionInput(values, quizId),
      place: placeQuestionErrors,
    },
    save: (values: QuestionFormValues) =>
      save.mutateAsync({
        questionId: question?._id,
        input: question ? toQuestionUpdate(values) : toQuestionInput(values, quizId),
      }),
    onSaved: onClose,
    fromRecord: toQuestionFormValues,
  });
  const close = useGuardedClose(isUnsaved, onClose);

  return (
    <Modal opened onClose={close} title={question ? 'Edit Question' : 'Add Question'} size="lg">
      <form.AppForm>
        <form.Form gap="md">
          <form.AppField name="kind">
            {(field) => (
              <field.SelectField label="Question Type" data={kindOptions} allowDeselect={false} required />
            )}
          </form.AppField>
          <form.AppField name="text">
            {(field) => <field.TextField label="Question Text" required data-autofocus />}
          </form.AppField>
          <form.Subscribe selector={(state) => state.values.kind}>
            {(kind) => (
              <>
                {(kind === 'singleChoice' || kind === 'multipleChoice') && (
                  <form.Field name="options" mode="array">
                    {(options) => (
                      <Input.Wrapper
                        label="Options"
                        description={
                          kind === 'singleChoice'
                            ? 'Mark the one correct option.'
                            : 'Mark every correct option.'
                        }
                        error={options.state.meta.errors[0] ?? options.state.meta.errorMap.onServer}
                        required
                      >
                        <Stack gap="xs" mt="xs">
                          {options.state.value.map((option, index) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; the form tracks them by place.
                            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                              {kind === 'singleChoice' ? (
                                <Radio
                                  mt={8}
                                  aria-label={`Option ${index + 1} is correct`}
                                  checked={option.correct}
                                  onChange={() =>
                                    options.handleChange(
                                      options.state.value.map((o, i) => ({ ...o, correct: i === index })),
                                    )
                                  }
                                />
                              ) : (
                                <Checkbox
                                  mt={8}
                                  aria-label={`Option ${index + 1} is correct`}
                                  checked={option.correct}
                                  onChange={(event) =>
                                    options.replaceValue(index, {
                                      ...option,
                                      correct: event.currentTarget.checked,
                                    })
                                  }
                                />
                              )}
                              <form.AppField name={`options[${index}].text`}>
                                {(field) => (
                                  <field.TextField label={`Option ${index + 1}`} style={{ flex: 1 }} />
                                )}
                              </form.AppField>
                              <ActionIcon
                                mt={28}
                                variant="subtle"
                                color="red"
                                aria-label={`Remove option ${index + 1}`}
                                disabled={options.state.value.length <= 2}
                                onClick={() => options.removeValue(index)}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Group>
                          ))}
                          <Button
                            variant="light"
                            size="xs"
                            leftSection={<IconPlus size={14} aria-hidden />}
                            onClick={() => options.pushValue({ text: '', correct: false })}
                            style={{ alignSelf: 'flex-start' }}
                          >
                            Add Option
                          </Button>
                        </Stack>
                      </Input.Wrapper>
                    )}
                  </form.Field>
                )}
                {kind === 'trueFalse' && (
                  <form.Field name="answer">
                    {(field) => (
                      <Radio.Group
                        label="Correct Answer"
                        required
                        value={field.state.value}
                        onChange={field.handleChange}
                        error={field.state.meta.errors[0] ?? field.state.meta.errorMap.onServer}
                      >
                        <Group mt="xs">
                          <Radio value="true" label="True" />
                          <Radio value="false" label="False" />
                        </Group>
                      </Radio.Group>
                    )}
                  </form.Field>
                )}
                {kind === 'shortAnswer' && (
                  <form.AppField name="acceptedAnswers">
                    {(field) => (
                      <field.TagsField
                        label="Accepted Answers"
                        description="Type an answer and press Enter. Case and spacing are ignored."
                        required
                      />
                    )}
                  </form.AppField>
                )}
              </>
            )}
          </form.Subscribe>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <form.AppField name="points">
              {(field) => <field.TextField label="Points" inputMode="numeric" required />}
            </form.AppField>
          </SimpleGrid>
          <form.AppField name="feedback">
            {(field) => (
              <field.TextField label="Feedback" description="Shown to the learner after answering." />
            )}
          </form.AppField>
          <Text size="xs" c="dimmed">
            Answers are seen only in the administration.
          </Text>
          <form.SaveButtons editing={Boolean(question)}>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          </form.SaveButtons>
        </form.Form>
      </form.AppForm>
    </Modal>
  );
}
