import { FIRST_PAGE } from '@contract/constants';
import { type UserListQuery, type UserRow, userResource } from '@contract/users';
import { Button, Group } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { userKeys, userListOptions } from '../queries';
import { ExportUsersButton } from './export-users-button';
import { ImportUsersModal } from './import-users-modal';
import { UserFilters } from './user-filters';

const fullName = (row: UserRow) => `${row.firstName} ${row.lastName}`.trim();

const columns: DataTableColumn<UserRow>[] = [
  { accessor: 'name', title: 'Name', render: fullName },
  { accessor: 'email', title: 'Email' },
  { accessor: 'groups', title: 'Groups', render: (row) => row.groups.map((group) => group.name).join(', ') },
  { accessor: 'membership', title: 'Membership', render: (row) => row.membership?.name ?? '' },
];

type UsersScreenProps = {
  search: UserListQuery;
  onSearchChange: (patch: Partial<UserListQuery>) => void;
};

/** /app/user-management/users: the users list with its filters, export and import. */
export function UsersScreen({ search, onSearchChange }: UsersScreenProps) {
  const navigate = useNavigate();
  const list = useQuery(userListOptions(search));
  const canAdd = useCan(userResource, 'add');
  const [importing, setImporting] = useState(false);

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="md">
        <PageTitle>Users</PageTitle>
        <Group gap="sm">
          <ExportUsersButton search={search} />
          {canAdd && (
            <>
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() => setImporting(true)}
              >
                Import CSV
              </Button>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                renderRoot={(props) => <Link to="/app/user-management/users/add" {...props} />}
              >
                Add User
              </Button>
            </>
          )}
        </Group>
      </Group>
      <AdminList<UserRow, UserListQuery>
        label="Users"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={userResource}
        filters={
          <UserFilters search={search} onChange={(patch) => onSearchChange({ ...patch, page: FIRST_PAGE })} />
        }
        onEdit={(row) =>
          void navigate({ to: '/app/user-management/users/edit/$userId', params: { userId: row._id } })
        }
        noRecordsText="No users found."
        listKey={userKeys.all}
        rowName={fullName}
      />
      <ImportUsersModal opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
