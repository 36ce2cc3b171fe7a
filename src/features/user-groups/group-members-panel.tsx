import { FIRST_PAGE, SEARCH_DEBOUNCE_MS } from '@contract/constants';
import { type GroupMember, type GroupMembersQuery, userGroupResource } from '@contract/user-groups';
import { userResource } from '@contract/users';
import { ActionIcon, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '@/ui/admin-list/use-can';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ResourceTable } from '@/ui/resource-table';
import { SearchablePagedSelect } from '@/ui/searchable-paged-select';
import { groupInformationQueryOptions, useEditGroupMembers, userOptionPages } from './queries';

const fullName = (member: GroupMember) => `${member.firstName} ${member.lastName}`;

/** The members of one group: paged and searchable, with users added by a picker and removed after a confirm. */
export function GroupMembersPanel({ groupId, groupName }: { groupId: string; groupName: string }) {
  const canEdit = useCan(userGroupResource, 'edit');
  // The picker searches GET /user; without leave to view users its 403 would end the session.
  const canPickUsers = useCan(userResource, 'view');
  const [query, setQuery] = useState<GroupMembersQuery>({ page: FIRST_PAGE, limit: 10, search: '' });
  const [text, setText] = useState('');
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const sendSearch = useDebouncedCallback(
    (search: string) => setQuery((prev) => ({ ...prev, page: FIRST_PAGE, search: search.trim() })),
    SEARCH_DEBOUNCE_MS,
  );
  const information = useQuery(groupInformationQueryOptions(groupId, query));
  const edit = useEditGroupMembers(groupName);
  const members = information.data?.members;

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Members
      </Title>
      {canEdit && !canPickUsers && (
        <Text size="sm" c="dimmed">
          Adding members needs permission to view users.
        </Text>
      )}
      {canEdit && canPickUsers && (
        <SearchablePagedSelect
          label="Add member"
          placeholder="Search users"
          nothingFound="No users found"
          value=""
          query={userOptionPages}
          disabled={edit.isPending}
          onChange={(userId) => {
            if (userId) edit.mutate({ groupId, userIds: [userId], action: 'create' });
          }}
        />
      )}
      <TextInput
        label="Search members"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          sendSearch(event.currentTarget.value);
        }}
      />
      <ResourceTable<GroupMember>
        label={`Members of ${groupName}`}
        records={members?.data ?? []}
        idAccessor={(member) => member._id}
        page={query.page}
        limit={query.limit}
        total={members?.total ?? 0}
        fetching={information.isFetching}
        noRecordsText="No members yet."
        // The table offers only the page sizes the contract allows.
        onPaginationChange={(next) =>
          setQuery((prev) => ({ ...prev, page: next.page, limit: next.limit as GroupMembersQuery['limit'] }))
        }
        columns={[
          { accessor: 'name', title: 'Name', render: fullName },
          { accessor: 'email', title: 'Email' },
          ...(canEdit
            ? [
                {
                  accessor: 'remove',
                  title: '',
                  textAlign: 'right' as const,
                  render: (member: GroupMember) => (
                    <Tooltip label="Remove from group">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${fullName(member)}`}
                        onClick={() => setRemoving(member)}
                      >
                        <IconUserMinus size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ConfirmDialog
        variant="delete"
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && edit.mutateAsync({ groupId, userIds: [removing._id], action: 'delete' })}
      />
    </Stack>
  );
}
