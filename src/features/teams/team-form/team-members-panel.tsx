import { FIRST_PAGE } from '@contract/constants';
import type { TeamMemberListQuery, TeamMemberRow } from '@contract/teams';
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { askConfirm } from '@/ui/confirm-host';
import { RemoteMultiSelect } from '@/ui/remote-multi-select';
import { ResourceTable, type TablePagination } from '@/ui/resource-table';
import { useAddTeamMembers, useRemoveTeamMembers } from '../mutations';
import { teamChoicePages, teamMemberPageOptions } from '../queries';

const SEARCH_DEBOUNCE_MS = 300;

const fullName = (member: TeamMemberRow) => `${member.firstName} ${member.lastName}`.trim();

type TeamMembersPanelProps = {
  teamId: string;
  title: string;
  /** The role may change the team (else the list is read-only). */
  editable: boolean;
};

/**
 * A team of users' members on the edit form: a searched, paged list read from the server, users
 * added through a search picker and removed one by one. Each change is sent at once (through the
 * outbox), apart from the form's Update, so a team of thousands is never loaded or sent whole.
 */
export function TeamMembersPanel({ teamId, title, editable }: TeamMembersPanelProps) {
  const [pagination, setPagination] = useState<Omit<TeamMemberListQuery, 'search'>>({
    page: FIRST_PAGE,
    limit: 10,
  });
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const list = useQuery(teamMemberPageOptions(teamId, { ...pagination, search }));
  const [chosen, setChosen] = useState<string[]>([]);
  const add = useAddTeamMembers(teamId, title);
  const remove = useRemoveTeamMembers(teamId, title);

  const removeMember = async (member: TeamMemberRow) => {
    const confirmed = await askConfirm('delete', {
      title: 'Remove Member',
      text: `Remove ${fullName(member)} from ${title}? Their account stays.`,
      confirmLabel: 'Remove',
    });
    if (confirmed) await remove.mutateAsync([member._id]).catch(() => undefined);
  };

  const columns: DataTableColumn<TeamMemberRow>[] = [
    { accessor: 'name', title: 'Name', render: (member) => fullName(member) },
    { accessor: 'email', title: 'Email' },
    {
      accessor: 'status',
      title: 'Status',
      render: (member) =>
        member.status ? null : (
          <Badge color="gray" variant="light">
            Disabled
          </Badge>
        ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (member) => (
        <Tooltip label="Remove from team">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${fullName(member)}`}
            disabled={!editable || remove.isPending}
            onClick={() => void removeMember(member)}
          >
            <IconUserMinus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  const page = list.data;
  return (
    <Stack gap="sm" role="group" aria-labelledby="team-members-heading">
      <Text id="team-members-heading" fw={500} size="sm">
        Team Members
        <Text span c="dimmed" size="sm">
          {page ? ` (${page.total})` : ''}
        </Text>
      </Text>
      {editable ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <RemoteMultiSelect
            label="Add members"
            placeholder="Search users"
            value={chosen}
            onChange={setChosen}
            query={teamChoicePages.users}
            nothingFound="Nothing found"
            maxDropdownHeight={300}
            style={{ flex: '1 1 16rem' }}
          />
          <Button
            variant="light"
            disabled={chosen.length === 0}
            loading={add.isPending}
            onClick={() =>
              void add
                .mutateAsync(chosen)
                .then(() => setChosen([]))
                .catch(() => undefined)
            }
          >
            Add
          </Button>
        </Group>
      ) : null}
      <TextInput
        type="search"
        label="Search members"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={searchText}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          setPagination((current) => ({ ...current, page: FIRST_PAGE }));
        }}
      />
      <ResourceTable<TeamMemberRow>
        label="Team members"
        records={page?.data ?? []}
        columns={columns}
        idAccessor={(member) => member._id}
        page={pagination.page}
        limit={pagination.limit}
        total={page?.total ?? 0}
        onPaginationChange={(next: TablePagination) =>
          setPagination({ page: next.page, limit: next.limit as TeamMemberListQuery['limit'] })
        }
        fetching={list.isFetching}
        noRecordsText={search ? 'No member matches the search.' : 'No members yet.'}
      />
    </Stack>
  );
}
