import { SEARCH_DEBOUNCE_MS } from '@contract/constants';
import type { TeamMemberCard } from '@contract/team-dashboard';
import { Button, Group, Stack } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { openConfirm } from '@/ui/confirm-host';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { TextField } from '@/ui/text-field';
import { BulkImportModal } from '../bulk-import/bulk-import-modal';
import { fullName } from '../format';
import {
  DEFAULT_MEMBER_FILTERS,
  type MemberView,
  memberListQueryOptions,
  useRemoveMember,
  useResendMemberEmail,
} from '../member-queries';
import { organizationsQueryOptions } from '../organization-queries';
import { MemberViewDrawer, type OpenMemberView } from '../views/member-view-drawer';
import { MemberFilters, type MemberFilterValues } from './member-filters';
import { MemberList } from './member-list';

/** The Team Members tab: search, filters and sorts sent to the server, the card list and its dialogs. */
export function MembersTab({ teamId }: { teamId: string }) {
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [filterValues, setFilterValues] = useState<MemberFilterValues>(DEFAULT_MEMBER_FILTERS);
  const filters = useMemo(() => ({ ...filterValues, search }), [filterValues, search]);
  const list = useInfiniteQuery(memberListQueryOptions(teamId, filters));
  const members = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);

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
          onChange={(event) => setSearchInput(event.currentTarget.value)}
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
      <MemberFilters value={filterValues} onChange={setFilterValues} />
      {list.data ? (
        <>
          <SavedDataNotice updatedAt={list.dataUpdatedAt} networkFailed={isNetworkFailure(list.error)} />
          <MemberList
            // A new team or filter starts at the top of its own list.
            key={`${teamId}:${JSON.stringify(filters)}`}
            teamId={teamId}
            members={members}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
            resendingId={resend.isPending ? (resend.variables ?? null) : null}
            onOpenView={onOpenView}
            onResendEmail={onResendEmail}
            onRemove={onRemove}
          />
        </>
      ) : (
        <QueryStatus query={list} label="Loading team members..." />
      )}
      <MemberViewDrawer teamId={teamId} current={view} onClose={() => setView(null)} />
      <BulkImportModal teamId={teamId} opened={importOpened} onClose={importDialog.close} />
    </Stack>
  );
}
