import { type ChecklistDetail, checklistResource } from '@contract/checklists/resource';
import { checklistSchema, checklistUpdateSchema } from '@contract/checklists/schemas';
import { Stack, Text, Textarea } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { isQueued } from '@/lib/api-client';
import { RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { EditorPanel, EditorShell } from '@/ui/admin-list/editor-shell';
import { useCan } from '@/ui/admin-list/use-can';
import { changeValue, errorOf } from '@/ui/form/field-error';
import { useRecordForm } from '@/ui/form/use-record-form';
import { ActivitiesPanel } from './activities-panel';
import {
  type ChecklistFormValues,
  toChecklistFormValues,
  toChecklistInput,
  toChecklistUpdate,
} from './form-values';
import { ObserversPanel } from './observers-panel';
import { useCreateChecklist, useUpdateChecklist } from './queries';

type ChecklistFormViewProps = {
  initialValues: ChecklistFormValues;
  /** Editing: the checklist as read. */
  record?: ChecklistDetail;
  onCurrentRecord?: (checklist: ChecklistDetail) => void;
};

const texts = {
  add: { title: 'Add Checklist', submit: 'Save' },
  edit: { title: 'Edit Checklist', submit: 'Update' },
} as const;

/**
 * The checklist's title and description, then its activities and its observers. A new checklist opens on its edit
 * screen once saved, where its activities are added.
 */
export function ChecklistFormView({ initialValues, record, onCurrentRecord }: ChecklistFormViewProps) {
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  const allowed = useCan(checklistResource, mode);
  const navigate = useNavigate();
  const create = useCreateChecklist();
  const update = useUpdateChecklist(record?._id ?? '');
  const { form } = useRecordForm({
    defaultValues: initialValues,
    schema: record ? checklistUpdateSchema : checklistSchema,
    validate: { toInput: record ? toChecklistUpdate : toChecklistInput },
    save: (values: ChecklistFormValues) =>
      record ? update.mutateAsync(toChecklistUpdate(values)) : create.mutateAsync(toChecklistInput(values)),
    onSaved: (result, { startOver }) => {
      if (isQueued(result)) return navigate({ to: '/app/content-management/checklists' });
      if (!record)
        return navigate({
          to: '/app/content-management/checklists/edit/$id',
          params: { id: result.results._id },
        });
      startOver(toChecklistFormValues(result.results));
    },
    fromRecord: toChecklistFormValues,
    onCurrentRecord,
    readOnly: !allowed,
  });

  return (
    <EditorShell
      list={{ label: 'Checklists', to: '/app/content-management/checklists' }}
      title={text.title}
      readOnlyNotice={
        allowed ? undefined : <RoleDeniedNotice mode={mode} noun="checklist" plural="checklists" />
      }
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
      panel={
        record ? (
          <>
            <ActivitiesPanel checklist={record} />
            <ObserversPanel checklist={record} />
          </>
        ) : (
          <EditorPanel title="Activities">
            <Text c="dimmed">Save the checklist to add its activities.</Text>
          </EditorPanel>
        )
      }
    >
      <Stack maw={720}>
        <form.AppField name="title">
          {(field) => <field.TextField label="Title" required data-autofocus />}
        </form.AppField>
        <form.Field name="description">
          {(field) => (
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={10}
              name={field.name}
              value={field.state.value}
              onChange={(event) => changeValue(field, event.currentTarget.value)}
              onBlur={field.handleBlur}
              error={errorOf(field)}
            />
          )}
        </form.Field>
      </Stack>
    </EditorShell>
  );
}
