import type { UserListQuery } from '@contract/users';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  administratorRoleLookupOptions,
  membershipLevelLookupOptions,
  membershipRoleLookupOptions,
  toChoices,
  userGroupLookupOptions,
} from '@/lib/lookups';
import { dropdownProps } from '@/ui/form/dropdown-props';

type FilterName = 'user_group' | 'membership' | 'membership_role' | 'administrative';
type Choices = readonly { _id: string; name: string }[];

type FilterSelectProps = {
  label: string;
  value: string | undefined;
  choices: Choices | undefined;
  onChange: (value: string | undefined) => void;
};

function FilterSelect({ label, value, choices, onChange }: FilterSelectProps) {
  return (
    <Select
      label={label}
      comboboxProps={dropdownProps}
      placeholder="All"
      data={toChoices(choices)}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      clearable
      searchable
      nothingFoundMessage="Nothing found."
      w={150}
    />
  );
}

/** The users list's own filters; each change goes to the URL (and so the query) at once. */
export function UserFilters({
  search,
  onChange,
}: {
  search: UserListQuery;
  onChange: (patch: Partial<Record<FilterName, string | undefined>>) => void;
}) {
  const groups = useQuery(userGroupLookupOptions()).data;
  const levels = useQuery(membershipLevelLookupOptions()).data;
  const roles = useQuery(membershipRoleLookupOptions()).data;
  const adminRoles = useQuery(administratorRoleLookupOptions()).data;
  return (
    <>
      <FilterSelect
        label="User Group"
        value={search.user_group}
        choices={groups}
        onChange={(value) => onChange({ user_group: value })}
      />
      <FilterSelect
        label="Membership"
        value={search.membership}
        choices={levels}
        onChange={(value) => onChange({ membership: value })}
      />
      <FilterSelect
        label="Membership Role"
        value={search.membership_role}
        choices={roles}
        onChange={(value) => onChange({ membership_role: value })}
      />
      <FilterSelect
        label="Administrative"
        value={search.administrative}
        choices={adminRoles}
        onChange={(value) => onChange({ administrative: value })}
      />
    </>
  );
}
