import {
  TEAM_MEMBER_TYPE_LABELS,
  TEAM_MEMBER_TYPES,
  type TeamDetail,
  type TeamMemberType,
  type TeamOption,
  teamResource,
} from '@contract/teams';
import { Group, Radio, Select, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  membershipLevelLookupOptions,
  membershipRoleLookupOptions,
  toChoices,
  userGroupLookupOptions,
} from '@/lib/lookups';
import { useCan } from '@/ui/admin-list/use-can';
import { firstErrorMessage } from '@/ui/form/field-error';
import { teamChoicePages } from '../queries';
import { TeamMembersPanel } from './team-members-panel';
import type { TeamForm } from './use-team-form';

type Known = Pick<TeamDetail, 'teamLeads' | 'teamMembers' | 'assignableCourses'>;
const NONE: Known = { teamLeads: [], teamMembers: [], assignableCourses: [] };

const DROPDOWN_HEIGHT = 300;

const choicesOf = (options: readonly TeamOption[]) =>
  options.map((option) => ({ value: option._id, label: option.label }));

/** The team form's fields (spec 3 'Team form'), with the contract's messages under each. */
export function TeamFields({ form, record }: { form: TeamForm; record?: TeamDetail }) {
  const known = record ?? NONE;
  const groups = useQuery(userGroupLookupOptions());
  const roles = useQuery(membershipRoleLookupOptions());
  const levels = useQuery(membershipLevelLookupOptions());
  const canEdit = useCan(teamResource, 'edit');

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <form.AppField name="title">
          {(field) => <field.TextField label="Title" withAsterisk />}
        </form.AppField>
        <form.AppField name="teamName">
          {(field) => <field.TextField label="Team Name" withAsterisk />}
        </form.AppField>
      </SimpleGrid>
      <form.AppField name="teamLeadId">
        {(field) => (
          <field.RemoteMultiSelectField
            label="Team Lead"
            placeholder="Search users"
            withAsterisk
            maxDropdownHeight={DROPDOWN_HEIGHT}
            query={teamChoicePages.users}
            known={choicesOf(known.teamLeads)}
            nothingFound="Nothing found"
          />
        )}
      </form.AppField>
      <form.Field name="teamMemberType">
        {(field) => (
          <Radio.Group
            label="Team Member Type"
            withAsterisk
            value={field.state.value}
            onChange={(value) => {
              field.handleChange(value as TeamMemberType);
              // Users and teams are different ids: the members chosen for the other kind no longer apply.
              form.setFieldValue('teamMembersIds', []);
            }}
            error={firstErrorMessage(field.state.meta.errors)}
          >
            <Group mt="xs">
              {TEAM_MEMBER_TYPES.map((type) => (
                <Radio key={type} value={type} label={TEAM_MEMBER_TYPE_LABELS[type]} />
              ))}
            </Group>
          </Radio.Group>
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.values.teamMemberType}>
        {(type) =>
          // A team of users that stays one: its members are a list of their own, changed at once.
          record?.teamMemberType === 'users' && type === 'users' ? (
            <TeamMembersPanel teamId={record._id} title={record.title} editable={canEdit} />
          ) : (
            <form.AppField name="teamMembersIds">
              {(field) => (
                <field.RemoteMultiSelectField
                  key={type}
                  label="Team Members"
                  placeholder={type === 'users' ? 'Search users' : 'Search teams'}
                  withAsterisk
                  maxDropdownHeight={DROPDOWN_HEIGHT}
                  query={teamChoicePages[type]}
                  known={choicesOf(known.teamMembers)}
                  exclude={record ? [record._id] : undefined}
                  nothingFound="Nothing found"
                />
              )}
            </form.AppField>
          )
        }
      </form.Subscribe>
      <form.AppField name="assignableGroupId">
        {(field) => (
          <field.MultiSelectField
            label="Assignable User Groups"
            placeholder="Select user groups"
            withAsterisk
            searchable
            data={toChoices(groups.data)}
            maxDropdownHeight={DROPDOWN_HEIGHT}
          />
        )}
      </form.AppField>
      <form.AppField name="assignableCoursesId">
        {(field) => (
          <field.RemoteMultiSelectField
            label="Assignable Courses"
            placeholder="Search courses"
            withAsterisk
            maxDropdownHeight={DROPDOWN_HEIGHT}
            query={teamChoicePages.courses}
            known={choicesOf(known.assignableCourses)}
            nothingFound="Nothing found"
          />
        )}
      </form.AppField>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <form.AppField name="membershipRoleId">
          {(field) => (
            <field.MultiSelectField
              label="Membership Roles"
              placeholder="--Select Role--"
              withAsterisk
              searchable
              data={toChoices(roles.data)}
            />
          )}
        </form.AppField>
        <form.Field name="teamMembershipId">
          {(field) => (
            <Select
              label="Membership Level"
              placeholder="Select a level"
              withAsterisk
              name={field.name}
              data={toChoices(levels.data)}
              value={field.state.value || null}
              onChange={(value) => field.handleChange(value ?? '')}
              onBlur={field.handleBlur}
              error={firstErrorMessage(field.state.meta.errors)}
            />
          )}
        </form.Field>
      </SimpleGrid>
    </Stack>
  );
}
