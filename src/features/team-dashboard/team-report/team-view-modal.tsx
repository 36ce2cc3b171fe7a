import { Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '@/ui/query-status';
import { teamActivityQueryOptions, teamAttendanceQueryOptions } from '../report-queries';
import { ActivityTable } from '../views/activity-table';
import { AttendanceTable } from '../views/attendance-table';

type TeamViewModalProps = {
  teamId: string;
  view: 'activity' | 'attendance';
  opened: boolean;
  onClose: () => void;
};

const TITLES = { activity: 'Team Activity', attendance: 'Virtual Class/Meeting Attendance' };

export function TeamViewModal({ teamId, view, opened, onClose }: TeamViewModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={TITLES[view]} size="xl">
      {opened ? (
        view === 'activity' ? (
          <TeamActivity teamId={teamId} />
        ) : (
          <TeamAttendance teamId={teamId} />
        )
      ) : null}
    </Modal>
  );
}

function TeamActivity({ teamId }: { teamId: string }) {
  const query = useQuery(teamActivityQueryOptions(teamId));
  return query.data ? <ActivityTable entries={query.data} withMember /> : <QueryStatus query={query} />;
}

function TeamAttendance({ teamId }: { teamId: string }) {
  const query = useQuery(teamAttendanceQueryOptions(teamId));
  return query.data ? <AttendanceTable entries={query.data} withMember /> : <QueryStatus query={query} />;
}
