import {
  hasOptions,
  type ProfileFieldRow,
  type ProfileFieldTypeId,
  profileFieldSchema,
} from '@contract/profile-fields';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { useRecordForm } from '@/ui/form/use-record-form';
import {
  profileFieldTypesQueryOptions,
  profileGroupsQueryOptions,
  useCreateProfileField,
  useUpdateProfileField,
} from './queries';

export type ProfileFieldFormValues = {
  name: string;
  type: string;
  group: string;
  option: string[];
  required: boolean;
  /** Editing: the version read, so a change made meanwhile by someone else is not overwritten. */
  version: number;
};

export const emptyProfileField: ProfileFieldFormValues = {
  name: '',
  type: '',
  group: '',
  option: [],
  required: false,
  version: 0,
};

export const toFormValues = (row: ProfileFieldRow): ProfileFieldFormValues => ({
  name: row.name,
  type: row.type,
  group: row.group._id,
  option: row.option,
  required: row.required,
  version: row.version,
});

/** Messages of single options (`option.2`) show under the options input. */
function foldOptionErrors(errors: Record<string, string>): Record<string, string> {
  const folded: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors)) {
    const key = name.startsWith('option.') ? 'option' : name;
    folded[key] ??= message;
  }
  return folded;
}

/** Select options from a lookup list, until it loads none. */
const choicesOf = (items: readonly { _id: string; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: item._id, label: item.name }));

type ProfileFieldFormProps = {
  /** Editing: the field as the list showed it; adding when absent. */
  row?: ProfileFieldRow;
  onSaved: () => void;
  /** Set to whether the form holds changes not saved, for the dialog around it to ask before closing. */
  unsaved?: { current: () => boolean };
};

/** Name, type, group, options (for choice types) and required, with the spec's messages. */
export function ProfileFieldForm({ row, onSaved, unsaved }: ProfileFieldFormProps) {
  const types = useQuery(profileFieldTypesQueryOptions());
  const groups = useQuery(profileGroupsQueryOptions());
  const create = useCreateProfileField();
  const update = useUpdateProfileField(row?._id ?? '');

  const { form, isUnsaved } = useRecordForm({
    defaultValues: row ? toFormValues(row) : emptyProfileField,
    schema: profileFieldSchema,
    validate: { place: foldOptionErrors },
    save: (values: ProfileFieldFormValues) => {
      const input = v.parse(profileFieldSchema, values);
      return row ? update.mutateAsync({ ...input, version: values.version }) : create.mutateAsync(input);
    },
    onSaved,
    fromRecord: toFormValues,
  });
  if (unsaved) unsaved.current = isUnsaved;

  return (
    <form.AppForm>
      <form.Form gap="sm">
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" required data-autofocus />}
        </form.AppField>
        <form.AppField name="type">
          {(field) => (
            <field.SelectField
              label="Type"
              required
              placeholder="Select a type"
              data={choicesOf(types.data)}
            />
          )}
        </form.AppField>
        <form.AppField name="group">
          {(field) => (
            <field.SelectField
              label="Group"
              required
              placeholder="Select a group"
              data={choicesOf(groups.data)}
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.type}>
          {(type) =>
            hasOptions(type as ProfileFieldTypeId) && (
              <form.AppField name="option">
                {(field) => (
                  <field.TagsField
                    label="Options"
                    required
                    description="Type an option and press Enter"
                    placeholder="Add an option"
                  />
                )}
              </form.AppField>
            )
          }
        </form.Subscribe>
        <form.AppField name="required">{(field) => <field.SwitchField label="Required" />}</form.AppField>
        <form.SaveButtons editing={row !== undefined} />
      </form.Form>
    </form.AppForm>
  );
}
