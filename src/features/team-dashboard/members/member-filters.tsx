import { MEMBER_SORT_LABELS, MEMBER_SORTS, type MemberSort } from '@contract/team-dashboard';
import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Choice, everyTitledOptions, membershipRoleLookupOptions, toChoices } from '@/lib/lookups';
import { DeferredSelect } from '@/ui/until-used/deferred-select';

export type MemberFilterValues = { role: string; department: string; location: string; sort: MemberSort };

const ALL: Choice = { value: 'all', label: 'All' };
const SORT_OPTIONS = MEMBER_SORTS.map((sort) => ({ value: sort, label: MEMBER_SORT_LABELS[sort] }));
/**
 * A list renders its options only while open. Kept mounted (Mantine's default), each of the four
 * rendered its whole list hidden in the page and had it positioned as the tab mounted: style and
 * layout work on a phone before the member cards could show, for lists nobody had opened.
 */
const DROPDOWN_PROPS = { keepMounted: false } as const;

type MemberFiltersProps = { value: MemberFilterValues; onChange: (next: MemberFilterValues) => void };

/**
 * Role, Department and Location ('All' or one of the real ones) and the six sorts; all applied by the
 * server. Each is a full select from the moment it is reached (DeferredSelect).
 */
export function MemberFilters({ value, onChange }: MemberFiltersProps) {
  const roles = useQuery({ ...membershipRoleLookupOptions(), select: toChoices });
  const departments = useQuery(everyTitledOptions('department'));
  const locations = useQuery(everyTitledOptions('location'));

  const select = (label: string, key: 'role' | 'department' | 'location', options: Choice[] | undefined) => (
    <DeferredSelect
      label={label}
      data={[ALL, ...(options ?? [])]}
      value={value[key]}
      onChange={(next) => onChange({ ...value, [key]: next ?? 'all' })}
      allowDeselect={false}
      searchable
      comboboxProps={DROPDOWN_PROPS}
      nothingFoundMessage={`No ${label.toLowerCase()} found.`}
    />
  );

  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {select('Role', 'role', roles.data)}
      {select('Department', 'department', departments.data)}
      {select('Location', 'location', locations.data)}
      <DeferredSelect
        label="Sort by"
        data={SORT_OPTIONS}
        value={value.sort}
        onChange={(next) => onChange({ ...value, sort: (next as MemberSort | null) ?? 'ascending' })}
        allowDeselect={false}
        comboboxProps={DROPDOWN_PROPS}
      />
    </SimpleGrid>
  );
}
