import { type UserGroupRow, userGroupSchema } from '@contract/user-groups';
import { useRecordForm } from '@/ui/form/use-record-form';
import { useCreateGroup, useUpdateGroup } from './queries';

export type GroupFormValues = { name: string; version: number };

const toGroupFormValues = (group: UserGroupRow): GroupFormValues => ({
  name: group.name,
  version: group.version,
});

type GroupFormProps = {
  /** Editing: the group's id; adding when absent. */
  groupId?: string;
  initialValues: GroupFormValues;
  onSaved: () => void;
  /** Set to whether the form holds changes not saved, for the dialog around it to ask before closing. */
  unsaved?: { current: () => boolean };
};

/** The group's name ('Group name is required.'); an edit sends the version it was opened with. */
export function GroupForm({ groupId, initialValues, onSaved, unsaved }: GroupFormProps) {
  const create = useCreateGroup();
  const update = useUpdateGroup(groupId ?? '');

  const { form, isUnsaved } = useRecordForm({
    defaultValues: initialValues,
    schema: userGroupSchema,
    save: (values: GroupFormValues) =>
      groupId ? update.mutateAsync(values) : create.mutateAsync({ name: values.name }),
    onSaved,
    fromRecord: toGroupFormValues,
  });
  if (unsaved) unsaved.current = isUnsaved;

  return (
    <form.AppForm>
      <form.Form gap="sm">
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" required data-autofocus />}
        </form.AppField>
        <form.SaveButtons editing={Boolean(groupId)} />
      </form.Form>
    </form.AppForm>
  );
}
