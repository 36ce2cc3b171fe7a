import {
  PROFILE_FIELD_TYPES,
  type ProfileFieldListQuery,
  type ProfileFieldRow,
  profileFieldResource,
} from '@contract/profile-fields';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { useGuardedClose } from '@/ui/form/use-guarded-close';
import { PageTitle } from '@/ui/page-title';
import { ProfileFieldFilters } from './profile-field-filters';
import { ProfileFieldForm } from './profile-field-form';
import { profileFieldKeys, profileFieldListQueryOptions, useToggleRequired } from './queries';

type ProfileFieldsScreenProps = {
  search: ProfileFieldListQuery;
  onSearchChange: (patch: Partial<ProfileFieldListQuery>) => void;
};

type Editing = { kind: 'add' } | { kind: 'edit'; row: ProfileFieldRow };

const typeName = (id: string) => PROFILE_FIELD_TYPES.find((type) => type._id === id)?.name ?? id;

export function ProfileFieldsScreen({ search, onSearchChange }: ProfileFieldsScreenProps) {
  const canAdd = useCan(profileFieldResource, 'add');
  const canEdit = useCan(profileFieldResource, 'edit');
  const list = useQuery(profileFieldListQueryOptions(search));
  const toggleRequired = useToggleRequired();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);
  // Closing the dialog with a change not saved asks first.
  const unsaved = useRef(() => false);
  const closeAsking = useGuardedClose(() => editing !== null && unsaved.current(), close);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>User Profile Fields</PageTitle>
        {canAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'add' })}>
            Add Profile Field
          </Button>
        )}
      </Group>
      <AdminList<ProfileFieldRow, ProfileFieldListQuery>
        label="User profile fields"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        filters={<ProfileFieldFilters search={search} onSearchChange={onSearchChange} />}
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'type', title: 'Type', render: (row) => typeName(row.type) },
          { accessor: 'group.name', title: 'Group' },
          {
            accessor: 'option',
            title: 'Options',
            render: (row) => (
              <Text size="sm" lineClamp={2}>
                {row.option.join(', ') || '—'}
              </Text>
            ),
          },
          {
            accessor: 'required',
            title: 'Required',
            render: (row) => (
              <Switch
                checked={row.required}
                disabled={!canEdit || toggleRequired.isPending}
                aria-label={`Required: ${row.name}`}
                onChange={() => toggleRequired.mutate(row)}
              />
            ),
          },
        ]}
        resource={profileFieldResource}
        rowName={(row) => row.name}
        listKey={profileFieldKeys.all}
        onEdit={(row) => setEditing({ kind: 'edit', row })}
      />
      <Modal
        opened={editing !== null}
        onClose={closeAsking}
        title={editing?.kind === 'edit' ? 'Edit Profile Field' : 'Add Profile Field'}
      >
        {editing && (
          <ProfileFieldForm
            key={editing.kind === 'edit' ? editing.row._id : 'add'}
            row={editing.kind === 'edit' ? editing.row : undefined}
            onSaved={close}
            unsaved={unsaved}
          />
        )}
      </Modal>
    </Stack>
  );
}
