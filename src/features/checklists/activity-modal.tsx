import type { ChecklistActivity } from '@contract/checklists/resource';
import { activityCreateSchema, activityUpdateSchema } from '@contract/checklists/schemas';
import { Button, Modal, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { changeValue, errorOf } from '@/ui/form/field-error';
import { useGuardedClose } from '@/ui/form/use-guarded-close';
import { useRecordForm } from '@/ui/form/use-record-form';
import {
  type ActivityFormValues,
  emptyActivityValues,
  toActivityFormValues,
  toActivityInput,
  toActivityUpdate,
} from './form-values';
import { activityTypeOptions, useSaveActivity } from './queries';

type ActivityModalProps = {
  checklistId: string;
  /** Editing: the activity; adding: undefined. */
  activity?: ChecklistActivity;
  onClose: () => void;
};

/** Adds or edits one activity: its title, instructions, type (from the server's list) and whether it is required. */
export function ActivityModal({ checklistId, activity, onClose }: ActivityModalProps) {
  const save = useSaveActivity(checklistId);
  const types = useQuery(activityTypeOptions());
  const typeChoices = (types.data ?? []).map((type) => ({ value: type._id, label: type.name }));
  const { form, isUnsaved } = useRecordForm({
    defaultValues: activity ? toActivityFormValues(activity) : emptyActivityValues(),
    schema: activity ? activityUpdateSchema : activityCreateSchema,
    validate: {
      toInput: (values: ActivityFormValues) =>
        activity ? toActivityUpdate(values) : toActivityInput(values, checklistId),
    },
    save: (values: ActivityFormValues) =>
      save.mutateAsync({
        activityId: activity?._id,
        input: activity ? toActivityUpdate(values) : toActivityInput(values, checklistId),
      }),
    onSaved: onClose,
    fromRecord: toActivityFormValues,
  });
  const close = useGuardedClose(isUnsaved, onClose);

  return (
    <Modal opened onClose={close} title={activity ? 'Edit Activity' : 'Add Activity'} size="lg">
      <form.AppForm>
        <form.Form gap="md">
          <form.AppField name="title">
            {(field) => <field.TextField label="Activity Title" required data-autofocus />}
          </form.AppField>
          <form.Field name="instructions">
            {(field) => (
              <Textarea
                label="Instructions"
                description="What to do, and what the one signing off looks for."
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
          <form.AppField name="type">
            {(field) => (
              <field.SelectField
                label="Activity Type"
                placeholder="Choose how it is done"
                data={typeChoices}
                allowDeselect={false}
                required
              />
            )}
          </form.AppField>
          <form.AppField name="required">{(field) => <field.SwitchField label="Required" />}</form.AppField>
          <form.SaveButtons editing={Boolean(activity)}>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          </form.SaveButtons>
        </form.Form>
      </form.AppForm>
    </Modal>
  );
}
