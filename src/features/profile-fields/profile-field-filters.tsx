import { FIRST_PAGE } from '@contract/constants';
import type { ProfileFieldListQuery } from '@contract/profile-fields';
import { PROFILE_FIELD_TYPE_IDS, type ProfileFieldTypeId } from '@contract/profile-fields';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileFieldTypesQueryOptions, profileGroupsQueryOptions } from './queries';

type Props = {
  search: ProfileFieldListQuery;
  onSearchChange: (patch: Partial<ProfileFieldListQuery>) => void;
};

const isType = (value: string): value is ProfileFieldTypeId =>
  (PROFILE_FIELD_TYPE_IDS as readonly string[]).includes(value);

/** The list's own filters: the group a field is filed under and its type. */
export function ProfileFieldFilters({ search, onSearchChange }: Props) {
  const groups = useQuery(profileGroupsQueryOptions());
  const types = useQuery(profileFieldTypesQueryOptions());
  return (
    <>
      <Select
        label="Group"
        placeholder="All groups"
        clearable
        w={200}
        data={(groups.data ?? []).map((group) => ({ value: group._id, label: group.name }))}
        value={search.group ?? null}
        onChange={(value) => onSearchChange({ group: value ?? undefined, page: FIRST_PAGE })}
      />
      <Select
        label="Type"
        placeholder="All types"
        clearable
        w={160}
        data={(types.data ?? []).map((type) => ({ value: type._id, label: type.name }))}
        value={search.type ?? null}
        onChange={(value) =>
          onSearchChange({ type: value && isType(value) ? value : undefined, page: FIRST_PAGE })
        }
      />
    </>
  );
}
