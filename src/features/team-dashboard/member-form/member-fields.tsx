import type { MemberDetail } from '@contract/member';
import { Grid, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { membershipRoleLookupOptions, titledPagesOptions } from '@/lib/lookups';
import { PasswordFields, PersonFields, passwordFieldNames, personFieldNames } from '@/ui/form/person-fields';
import { PictureField } from './picture-field';
import type { MemberForm, MemberFormMode } from './use-member-form';

type MemberFieldsProps = {
  form: MemberForm;
  mode: MemberFormMode;
  /** Editing: the record, whose current choices label the selects before their lists load. */
  record?: MemberDetail;
  /** Changes when the form starts over. */
  generation: number;
  /** A member the caller may not change: shown, not edited. */
  disabled?: boolean;
};

const locationPages = titledPagesOptions('location');
const departmentPages = titledPagesOptions('department');

function optionOf(entry: { _id: string; title: string } | null | undefined) {
  return entry ? { value: entry._id, label: entry.title } : null;
}

function useRoleData(record: MemberDetail | undefined) {
  const roles = useQuery(membershipRoleLookupOptions());
  // Until the role list arrives (or offline without it), the record's own roles still show by name.
  const source = roles.data ?? record?.roleId ?? [];
  return source.map((role) => ({ value: role._id, label: role.name }));
}

export function MemberFields({ form, mode, record, generation, disabled = false }: MemberFieldsProps) {
  const editing = mode === 'edit';
  const roleData = useRoleData(record);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PersonFields form={form} fields={personFieldNames} />
            <form.AppField name="locationId">
              {(field) => (
                <field.PagedSelectField
                  label="Location"
                  placeholder="Search Location"
                  nothingFound="No location found."
                  query={locationPages}
                  selectedOption={optionOf(record?.location)}
                  disabled={disabled}
                />
              )}
            </form.AppField>
            <PasswordFields form={form} fields={passwordFieldNames} editing={editing} />
            <form.AppField name="departmentId">
              {(field) => (
                <field.PagedSelectField
                  label="Department"
                  placeholder="Search Department"
                  nothingFound="No department found."
                  query={departmentPages}
                  selectedOption={optionOf(record?.department)}
                  disabled={disabled}
                />
              )}
            </form.AppField>
            <form.AppField name="roleId">
              {(field) => (
                <field.PickManyField
                  label="Membership Role"
                  placeholder="--Select Role--"
                  data={roleData}
                  nothingFoundMessage="No role found."
                  disabled={disabled}
                />
              )}
            </form.AppField>
          </SimpleGrid>
          <form.AppField name="resetPassword">
            {(field) => <field.SwitchField label="Require Password Reset" disabled={disabled} />}
          </form.AppField>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        <PictureField key={generation} form={form} disabled={disabled} />
      </Grid.Col>
    </Grid>
  );
}
