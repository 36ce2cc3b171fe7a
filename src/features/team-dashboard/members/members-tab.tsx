import type { TeamMemberCard } from '@contract/team-dashboard';
import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, useCallback, useState } from 'react';
import { openConfirm } from '@/ui/confirm-host';
import { MountWhen } from '@/ui/lazy-mount';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { TextField } from '@/ui/text-field';
import { fullName } from '../format';
import { type MemberView, useRemoveMember, useResendMemberEmail } from '../member-queries';
import { organizationsQueryOptions } from '../organization-queries';
import type { OpenMemberView } from '../views/member-view-drawer';
import { MemberFilters } from './member-filters';
import { MemberList } from './member-list';
import { NeedsConnection, SavedSearchNotice } from './saved-search-notice';
import { useMemberFilters } from './use-member-filters';
import { useMemberList } from './use-member-list';

// A member's views (tables, transcript) and the CSV import load when first opened, not with the list.
const MemberViewDrawer = lazy(() =>
  import('../views/member-view-drawer').then((module) => ({ default: module.MemberViewDrawer })),
);
const BulkImportModal = lazy(() =>
  import('../bulk-import/bulk-import-modal').then((module) => ({ default: module.BulkImportModal })),
);

/**
 * The Team Members tab: search, filters and sorts (in the address, answered by the server, or
 * offline by the device over the saved members), the card list and its dialogs.
 */
export function MembersTab({ teamId }: { teamId: string }) {
  const { filters, searchInput, onSearchInput, onFiltersChange } = useMemberFilters(teamId);
  const members = useMemberList(teamId, filters);
  const { list } = members;

  const [view, setView] = useState<OpenMemberView | null>(null);
  const [importOpened, importDialog] = useDisclosure(false);
  const remove = useRemoveMember(teamId);
  const resend = useResendMemberEmail(teamId);
  const { mutate: resendEmail } = resend;
  const { mutateAsync: removeMember } = remove;

  const onOpenView = useCallback(
    (member: TeamMemberCard, next: MemberView) => setView({ member, view: next }),
    [],
  );
  const onResendEmail = useCallback((member: TeamMemberCard) => resendEmail(member._id), [resendEmail]);
  const teamTitle = useQuery({
    ...organizationsQueryOptions(),
    select: (list) => list.data.find((team) => team._id === teamId)?.title,
  }).data;
  // Removing is not deleting: the account stays, so the dialog says who leaves which team.
  const onRemove = useCallback(
    (member: TeamMemberCard) =>
      openConfirm('delete', () => removeMember(member._id), {
        title: 'Remove Member',
        text: `Remove ${fullName(member)} from ${teamTitle ?? 'this team'}? Their account stays; only their place in this team ends.`,
        confirmLabel: 'Remove',
      }),
    [removeMember, teamTitle],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextField
          type="search"
          label="Search"
          placeholder="Search members"
          value={searchInput}
          onChange={(event) => onSearchInput(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={importDialog.open}
          >
            Bulk Import
          </Button>
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            renderRoot={(props) => (
              <Link {...props} to="/user-portal/team-dashboard/members/add/$teamId" params={{ teamId }} />
            )}
          >
            Add Member
          </Button>
        </Group>
      </Group>
      <MemberFilters value={filters} onChange={onFiltersChange} />
      {members.needsConnection ? <NeedsConnection /> : null}
      {members.hasData ? (
        <>
          {members.savedSearch ? (
            <SavedSearchNotice {...members.savedSearch} />
          ) : (
            <SavedDataNotice updatedAt={list.dataUpdatedAt} networkFailed={isNetworkFailure(list.error)} />
          )}
          <MemberList
            // A new team or filter starts at the top of its own list.
            key={`${teamId}:${JSON.stringify(filters)}`}
            teamId={teamId}
            members={members.members}
            hasNextPage={members.hasNextPage}
            isFetchingNextPage={members.isFetchingNextPage}
            fetchNextPage={members.fetchNextPage}
            resendingId={resend.isPending ? (resend.variables ?? null) : null}
            onOpenView={onOpenView}
            onResendEmail={onResendEmail}
            onRemove={onRemove}
          />
        </>
      ) : members.needsConnection ? null : (
        <QueryStatus query={list} label="Loading team members..." />
      )}
      <MountWhen when={view !== null}>
        <MemberViewDrawer teamId={teamId} current={view} onClose={() => setView(null)} />
      </MountWhen>
      <MountWhen when={importOpened}>
        <BulkImportModal teamId={teamId} opened={importOpened} onClose={importDialog.close} />
      </MountWhen>
    </Stack>
  );
}
