import { type ElearningRow, elearningResource, scormVersionName } from '@contract/elearning/resource';
import type { ElearningListQuery } from '@contract/elearning/schemas';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { elearningKeys, elearningListOptions } from './queries';

type ElearningScreenProps = {
  search: ElearningListQuery;
  onSearchChange: (patch: Partial<ElearningListQuery>) => void;
};

const columns: DataTableColumn<ElearningRow>[] = [
  { accessor: 'title', title: 'Title' },
  { accessor: 'scormVersion', title: 'Version', render: (row) => scormVersionName[row.scormVersion] },
  { accessor: 'scoCount', title: 'SCOs', textAlign: 'right' },
  { accessor: 'updatedAt', title: 'Updated', render: (row) => formatDate(row.updatedAt) },
];

/** `/app/content-management/elearning`: the SCORM packages, searchable and filtered in the URL. */
export function ElearningScreen({ search, onSearchChange }: ElearningScreenProps) {
  const navigate = useNavigate();
  const list = useQuery(elearningListOptions(search));
  const canAdd = useCan(elearningResource, 'add');

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>E-Learning</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            renderRoot={(props) => <Link to="/app/content-management/elearning/add" {...props} />}
          >
            Add E-Learning
          </Button>
        )}
      </Group>
      <AdminList<ElearningRow, ElearningListQuery>
        label="E-Learning packages"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={elearningResource}
        rowName={(row) => row.title}
        listKey={elearningKeys.all}
        noRecordsText="No e-learning package found."
        onEdit={(row) =>
          void navigate({
            to: '/app/content-management/elearning/edit/$elearningId',
            params: { elearningId: row._id },
          })
        }
      />
    </Stack>
  );
}
