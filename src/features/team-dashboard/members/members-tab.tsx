import { MEMBER_LIST_MAX_HEIGHT_PX } from '@contract/constants';
import type { TeamMemberCard } from '@contract/team-dashboard';
import { Box, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, useCallback, useDeferredValue, useMemo, useState } from 'react';
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
  // The cards render from a deferred copy: when the members arrive (or a new page, search or
  // filter answers), React renders the cards in a background pass it splits into short slices,
  // rather than in the synchronous update a query's answer makes. What the list's end says goes
  // with its cards, and so does the list's key: a new team or filter starts at the top of its own list.
  const cards = members.hasData ? members.members : null;
  const { hasNextPage, isFetchingNextPage } = members;
  const current = useMemo(
    () =>
      cards ? { key: `${teamId}:${JSON.stringify(filters)}`, cards, hasNextPage, isFetchingNextPage } : null,
    [cards, teamId, filters, hasNextPage, isFetchingNextPage],
  );
  const shown = useDeferredValue(current);

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
      {shown ? (
        <>
          {members.savedSearch ? (
            <SavedSearchNotice {...members.savedSearch} />
          ) : (
            <SavedDataNotice updatedAt={list.dataUpdatedAt} networkFailed={isNetworkFailure(list.error)} />
          )}
          <MemberList
            key={shown.key}
            teamId={teamId}
            members={shown.cards}
            hasNextPage={shown.hasNextPage}
            isFetchingNextPage={shown.isFetchingNextPage}
            fetchNextPage={members.fetchNextPage}
            resendingId={resend.isPending ? (resend.variables ?? null) : null}
            onOpenView={onOpenView}
            onResendEmail={onResendEmail}
            onRemove={onRemove}
          />
        </>
      ) : members.needsConnection ? null : (
        // While the first page loads, and once it has come until its cards render (in the deferred
        // pass), it holds the list's place, so that what is below (the Team Report, on a phone)
        // does not show in its place and jump down when the cards come.
        <Box mih={list.status === 'pending' || current !== null ? MEMBER_LIST_MAX_HEIGHT_PX : undefined}>
          <QueryStatus query={list} label="Loading team members..." />
        </Box>
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
