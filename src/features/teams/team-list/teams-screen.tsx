import {
  TEAM_MEMBER_TYPE_LABELS,
  TEAM_MEMBER_TYPES,
  type TeamListQuery,
  type TeamRow,
  teamResource,
} from '@contract/teams';
import { ActionIcon, Button, Group, Select, Tooltip } from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { teamKeys, teamListOptions } from '../queries';
import { DuplicateTeamModal } from './duplicate-team-modal';

type TeamsScreenProps = {
  search: TeamListQuery;
  onSearchChange: (patch: Partial<TeamListQuery>) => void;
};

const memberTypeFilter = [
  { value: 'all', label: 'All' },
  ...TEAM_MEMBER_TYPES.map((type) => ({ value: type, label: TEAM_MEMBER_TYPE_LABELS[type] })),
];

/** The Teams list (`/app/user-management/users-team`): search, status and member type in the URL. */
export function TeamsScreen({ search, onSearchChange }: TeamsScreenProps) {
  const navigate = useNavigate();
  const list = useQuery(teamListOptions(search));
  const canAdd = useCan(teamResource, 'add');
  const [duplicating, setDuplicating] = useState<TeamRow | null>(null);

  const columns: DataTableColumn<TeamRow>[] = [
    { accessor: 'title', title: 'Title' },
    { accessor: 'teamName', title: 'Team Name' },
    {
      accessor: 'teamMemberType',
      title: 'Member Type',
      render: (row) => TEAM_MEMBER_TYPE_LABELS[row.teamMemberType],
    },
    {
      accessor: 'teamLeads',
      title: 'Team Lead',
      render: (row) => row.teamLeads.map((lead) => lead.label).join(', ') || '—',
    },
    { accessor: 'memberCount', title: 'Members', textAlign: 'right' },
  ];
  if (canAdd) {
    columns.push({
      accessor: 'duplicate',
      title: 'Duplicate',
      textAlign: 'center',
      render: (row) => (
        <Tooltip label="Duplicate">
          <ActionIcon
            variant="subtle"
            aria-label={`Duplicate ${row.title}`}
            onClick={() => setDuplicating(row)}
          >
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <Group justify="space-between" align="center" mb="md">
        <PageTitle>Teams</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} />}
            renderRoot={(props) => <Link to="/app/user-management/users-team/add" {...props} />}
          >
            Add Team
          </Button>
        )}
      </Group>
      <AdminList<TeamRow, TeamListQuery>
        label="Teams"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={teamResource}
        rowName={(row) => row.title}
        listKey={teamKeys.lists()}
        noRecordsText="No team found."
        onEdit={(row) =>
          void navigate({ to: '/app/user-management/users-team/edit/$teamId', params: { teamId: row._id } })
        }
        filters={
          <Select
            label="Member Type"
            data={memberTypeFilter}
            value={search.teamMemberType}
            allowDeselect={false}
            w={160}
            onChange={(value) =>
              onSearchChange({ teamMemberType: (value ?? 'all') as TeamListQuery['teamMemberType'], page: 1 })
            }
          />
        }
      />
      {duplicating && <DuplicateTeamModal team={duplicating} onClose={() => setDuplicating(null)} />}
    </>
  );
}
