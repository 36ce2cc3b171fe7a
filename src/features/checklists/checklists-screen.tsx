import type { ChecklistListQuery } from '@contract/checklists/list-query';
import { type ChecklistRow, checklistResource } from '@contract/checklists/resource';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { checklistKeys, checklistListOptions } from './queries';

type ChecklistsScreenProps = {
  search: ChecklistListQuery;
  onSearchChange: (patch: Partial<ChecklistListQuery>) => void;
};

const columns: DataTableColumn<ChecklistRow>[] = [
  { accessor: 'title', title: 'Title' },
  { accessor: 'activityCount', title: 'Activities', textAlign: 'right' },
  { accessor: 'createdAt', title: 'Created', render: (row) => formatDate(row.createdAt) },
];

/** `/app/content-management/checklists`: the checklists with their activity counts, searchable and filtered in the URL. */
export function ChecklistsScreen({ search, onSearchChange }: ChecklistsScreenProps) {
  const navigate = useNavigate();
  const list = useQuery(checklistListOptions(search));
  const canAdd = useCan(checklistResource, 'add');

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Checklists</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            renderRoot={(props) => <Link to="/app/content-management/checklists/add" {...props} />}
          >
            Add Checklist
          </Button>
        )}
      </Group>
      <AdminList<ChecklistRow, ChecklistListQuery>
        label="Checklists"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={checklistResource}
        rowName={(row) => row.title}
        listKey={checklistKeys.all}
        noRecordsText="No checklist found."
        onEdit={(row) =>
          void navigate({ to: '/app/content-management/checklists/edit/$id', params: { id: row._id } })
        }
      />
    </Stack>
  );
}
