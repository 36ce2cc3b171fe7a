import { administratorRoleResource } from '@contract/roles';
import type { PublishedProfileField, UserDetail } from '@contract/users';
import { Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  administratorRoleLookupOptions,
  membershipLevelLookupOptions,
  membershipRoleLookupOptions,
  toChoices,
  userGroupLookupOptions,
} from '@/lib/lookups';
import { useCan } from '@/ui/admin-list/use-can';
import { PasswordFields, PersonFields, passwordFieldNames, personFieldNames } from '@/ui/form/person-fields';
import { userTeamChoicePages } from '../queries';
import { adminRoleDescription, type UserFormMode } from './form-values';
import { ProfileFieldInput } from './profile-field-input';
import type { UserForm } from './use-user-form';

type UserFieldsProps = {
  form: UserForm;
  mode: UserFormMode;
  profileFields: readonly PublishedProfileField[];
  /** Editing: the record, whose current choices are named before the choice lists load. */
  record?: UserDetail;
};

/** The choices of a list, with the record's own choices until (or unless) the list has them. */
function withRecord(
  choices: { value: string; label: string }[],
  own: readonly { _id: string; name: string }[],
) {
  const known = new Set(choices.map((choice) => choice.value));
  return [...choices, ...toChoices(own.filter((item) => !known.has(item._id)))];
}

/** Profile fields under the heading of their group, in the server's order. */
function groupsOf(fields: readonly PublishedProfileField[]) {
  const groups = new Map<string, { name: string; fields: PublishedProfileField[] }>();
  for (const field of fields) {
    const group = groups.get(field.group._id) ?? { name: field.group.name, fields: [] };
    group.fields.push(field);
    groups.set(field.group._id, group);
  }
  return [...groups.entries()];
}

export function UserFields({ form, mode, profileFields, record }: UserFieldsProps) {
  const editing = mode === 'edit';
  // Giving or changing an administrator role takes the role screen's edit permission (else 403).
  const canGrantRoles = useCan(administratorRoleResource, 'edit');
  const groups = withRecord(toChoices(useQuery(userGroupLookupOptions()).data), record?.groups ?? []);
  const roles = withRecord(
    toChoices(useQuery(membershipRoleLookupOptions()).data),
    record?.membershipRoles ?? [],
  );
  const levels = withRecord(
    toChoices(useQuery(membershipLevelLookupOptions()).data),
    record?.membership ? [record.membership] : [],
  );
  const teams = record?.teams ?? [];
  const managedTeams = teams.filter((team) => team.managed);
  const otherTeams = teams.filter((team) => !team.managed);
  const adminRoles = withRecord(
    toChoices(useQuery(administratorRoleLookupOptions()).data),
    record?.administrativeRole ? [record.administrativeRole] : [],
  );

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PersonFields form={form} fields={personFieldNames} />
        <form.AppField name="membershipId">
          {(field) => (
            <field.SelectField
              label="Membership Level*"
              placeholder="--Select Membership Level--"
              data={levels}
              searchable
              nothingFoundMessage="No membership level found."
            />
          )}
        </form.AppField>
        <PasswordFields form={form} fields={passwordFieldNames} editing={editing} />
        <form.AppField name="groupId">
          {(field) => (
            <field.PickManyField
              label="User Group*"
              placeholder="--Select User Group--"
              data={groups}
              nothingFoundMessage="No user group found."
            />
          )}
        </form.AppField>
        <form.AppField name="roleId">
          {(field) => (
            <field.PickManyField
              label="Membership Role*"
              placeholder="--Select Role--"
              data={roles}
              nothingFoundMessage="No role found."
            />
          )}
        </form.AppField>
        <form.AppField name="adminstrativeRoleId">
          {(field) => (
            <field.SelectField
              label="Administrative Role"
              description={adminRoleDescription(canGrantRoles)}
              placeholder="None"
              data={adminRoles}
              clearable
              searchable
              nothingFoundMessage="No administrator role found."
              disabled={!canGrantRoles}
            />
          )}
        </form.AppField>
        <form.AppField name="teamId">
          {(field) => (
            <field.RemoteMultiSelectField
              label="Teams"
              placeholder="Search teams"
              description={
                otherTeams.length > 0
                  ? `Also in ${otherTeams.map((team) => team.name).join(', ')}, which you do not manage.`
                  : undefined
              }
              maxDropdownHeight={300}
              query={userTeamChoicePages}
              known={managedTeams.map((team) => ({ value: team._id, label: team.name }))}
              nothingFound="No team found."
            />
          )}
        </form.AppField>
      </SimpleGrid>
      <form.AppField name="resetPassword">
        {(field) => <field.SwitchField label="Require Password Reset" />}
      </form.AppField>
      {mode === 'add' ? (
        <Text size="sm" c="dimmed">
          The new user is mailed a link to sign in, or to set their own password when a reset is required.
        </Text>
      ) : null}
      {groupsOf(profileFields).map(([groupId, group]) => (
        <Stack key={groupId} gap="sm">
          <Divider mt="sm" />
          <Title order={3} size="h5">
            {group.name}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {group.fields.map((definition) => (
              <form.Field key={definition._id} name={`profileFields.${definition._id}`}>
                {(field) => <ProfileFieldInput definition={definition} field={field} />}
              </form.Field>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
