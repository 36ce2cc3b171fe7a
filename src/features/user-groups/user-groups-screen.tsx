import { type UserGroupListQuery, type UserGroupRow, userGroupResource } from '@contract/user-groups';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatDate } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { useGuardedClose } from '@/ui/form/use-guarded-close';
import { PageTitle } from '@/ui/page-title';
import { GroupForm } from './group-form';
import { GroupMembersPanel } from './group-members-panel';
import { groupKeys, groupListQueryOptions } from './queries';

type UserGroupsScreenProps = {
  search: UserGroupListQuery;
  onSearchChange: (patch: Partial<UserGroupListQuery>) => void;
};

/** Editing state of the modal: a new group, or an existing one with its members. */
type Editing = { kind: 'add' } | { kind: 'edit'; row: UserGroupRow };

export function UserGroupsScreen({ search, onSearchChange }: UserGroupsScreenProps) {
  const canAdd = useCan(userGroupResource, 'add');
  const list = useQuery(groupListQueryOptions(search));
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);
  // Closing the dialog with the name changed and not saved asks first.
  const unsaved = useRef(() => false);
  const closeAsking = useGuardedClose(() => editing !== null && unsaved.current(), close);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>User Groups</PageTitle>
        {canAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'add' })}>
            Add Group
          </Button>
        )}
      </Group>
      <AdminList<UserGroupRow, UserGroupListQuery>
        label="User groups"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'memberCount', title: 'Members' },
          {
            accessor: 'createdAt',
            title: 'Created',
            render: (row) => formatDate(row.createdAt),
          },
        ]}
        resource={userGroupResource}
        rowName={(row) => row.name}
        listKey={groupKeys.all}
        onEdit={(row) => setEditing({ kind: 'edit', row })}
      />
      <Modal
        opened={editing !== null}
        onClose={closeAsking}
        title={editing?.kind === 'edit' ? 'Edit Group' : 'Add Group'}
        size={editing?.kind === 'edit' ? 'xl' : 'md'}
      >
        {editing?.kind === 'add' && (
          <GroupForm initialValues={{ name: '', version: 1 }} onSaved={close} unsaved={unsaved} />
        )}
        {editing?.kind === 'edit' && (
          <Stack gap="lg">
            <GroupForm
              key={editing.row._id}
              groupId={editing.row._id}
              initialValues={{ name: editing.row.name, version: editing.row.version }}
              onSaved={close}
              unsaved={unsaved}
            />
            <GroupMembersPanel groupId={editing.row._id} groupName={editing.row.name} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
