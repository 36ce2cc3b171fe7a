import { eventCategoryResource } from '@contract/event-categories/resource';
import { eventCategorySchema, eventCategoryUpdateSchema } from '@contract/event-categories/schemas';
import { statusText } from '@contract/resource';
import { Button, Textarea } from '@mantine/core';
import { useCan } from '@/ui/admin-list/use-can';
import { changeValue, errorOf } from '@/ui/form/field-error';
import { useRecordForm } from '@/ui/form/use-record-form';
import {
  type EventCategoryFormValues,
  toEventCategoryFormValues,
  toEventCategoryInput,
  toEventCategoryUpdate,
} from './form-values';
import { useCreateEventCategory, useUpdateEventCategory } from './queries';

type EventCategoryFormProps = {
  /** Editing: the category's id; adding when absent. */
  categoryId?: string;
  initialValues: EventCategoryFormValues;
  onSaved: () => void;
  onCancel: () => void;
  /** Set to whether the form holds changes not saved, for the dialog around it to ask before closing. */
  unsaved?: { current: () => boolean };
};

const words = statusText[eventCategoryResource.statusWords];

/**
 * A category's title ('Category Title is required.'), description and status; an edit sends the
 * version it was opened with. The status switch is the list's publish right, so a role without it
 * leaves a category's status as it is.
 */
export function EventCategoryForm({
  categoryId,
  initialValues,
  onSaved,
  onCancel,
  unsaved,
}: EventCategoryFormProps) {
  const create = useCreateEventCategory();
  const update = useUpdateEventCategory(categoryId ?? '');
  const canPublish = useCan(eventCategoryResource, 'publish');
  const editing = categoryId !== undefined;

  const { form, isUnsaved } = useRecordForm({
    defaultValues: initialValues,
    schema: editing ? eventCategoryUpdateSchema : eventCategorySchema,
    validate: { toInput: editing ? toEventCategoryUpdate : toEventCategoryInput },
    save: (values: EventCategoryFormValues) =>
      editing
        ? update.mutateAsync(toEventCategoryUpdate(values))
        : create.mutateAsync(toEventCategoryInput(values)),
    onSaved,
    fromRecord: toEventCategoryFormValues,
  });
  if (unsaved) unsaved.current = isUnsaved;

  return (
    <form.AppForm>
      <form.Form gap="sm">
        <form.AppField name="title">
          {(field) => <field.TextField label="Category Title" required data-autofocus />}
        </form.AppField>
        <form.Field name="description">
          {(field) => (
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={8}
              name={field.name}
              value={field.state.value}
              onChange={(event) => changeValue(field, event.currentTarget.value)}
              onBlur={field.handleBlur}
              error={errorOf(field)}
            />
          )}
        </form.Field>
        <form.AppField name="status">
          {(field) => <field.SwitchField label={words.on} disabled={!canPublish} />}
        </form.AppField>
        <form.SaveButtons editing={editing}>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </form.SaveButtons>
      </form.Form>
    </form.AppForm>
  );
}
