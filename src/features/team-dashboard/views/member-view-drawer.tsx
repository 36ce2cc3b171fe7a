import type { TeamMemberCard } from '@contract/team-dashboard';
import { Drawer } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '@/ui/query-status';
import { fullName } from '../format';
import { type MemberView, memberViewQueryOptions } from '../member-queries';
import { ActivityTable } from './activity-table';
import { AttendanceTable } from './attendance-table';
import { MEMBER_SHORTCUTS } from './member-shortcuts';
import { MemberSummaryView } from './member-summary-view';
import { TranscriptTable } from './transcript-table';

export type OpenMemberView = { member: TeamMemberCard; view: MemberView };

type MemberViewDrawerProps = { teamId: string; current: OpenMemberView | null; onClose: () => void };

/** One drawer for the whole list, so a card costs no dialog of its own. */
export function MemberViewDrawer({ teamId, current, onClose }: MemberViewDrawerProps) {
  const label = MEMBER_SHORTCUTS.find((shortcut) => shortcut.view === current?.view)?.label ?? '';
  return (
    <Drawer
      opened={current !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={current ? `${label}: ${fullName(current.member)}` : ''}
    >
      {current ? <MemberViewBody teamId={teamId} memberId={current.member._id} view={current.view} /> : null}
    </Drawer>
  );
}

function MemberViewBody({ teamId, memberId, view }: { teamId: string; memberId: string; view: MemberView }) {
  switch (view) {
    case 'summary':
      return <SummaryBody teamId={teamId} memberId={memberId} />;
    case 'transcript':
      return <TranscriptBody teamId={teamId} memberId={memberId} />;
    case 'activity':
      return <ActivityBody teamId={teamId} memberId={memberId} />;
    case 'attendance':
      return <AttendanceBody teamId={teamId} memberId={memberId} />;
  }
}

type BodyProps = { teamId: string; memberId: string };

function SummaryBody({ teamId, memberId }: BodyProps) {
  const query = useQuery(memberViewQueryOptions(teamId, memberId, 'summary'));
  return query.data ? <MemberSummaryView summary={query.data} /> : <QueryStatus query={query} />;
}

function TranscriptBody({ teamId, memberId }: BodyProps) {
  const query = useQuery(memberViewQueryOptions(teamId, memberId, 'transcript'));
  return query.data ? (
    <TranscriptTable entries={query.data} memberId={memberId} />
  ) : (
    <QueryStatus query={query} />
  );
}

function ActivityBody({ teamId, memberId }: BodyProps) {
  const query = useQuery(memberViewQueryOptions(teamId, memberId, 'activity'));
  return query.data ? <ActivityTable entries={query.data} /> : <QueryStatus query={query} />;
}

function AttendanceBody({ teamId, memberId }: BodyProps) {
  const query = useQuery(memberViewQueryOptions(teamId, memberId, 'attendance'));
  return query.data ? <AttendanceTable entries={query.data} /> : <QueryStatus query={query} />;
}
