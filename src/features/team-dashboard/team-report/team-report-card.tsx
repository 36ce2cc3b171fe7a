import type { ComplianceStatus } from '@contract/course-assignments/compliance';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { FigureStats } from '@/ui/compliance/figure-stats';
import { complianceFiguresOptions } from '@/ui/compliance/queries';
import { MountWhen } from '@/ui/lazy-mount';
import { QueryStatus } from '@/ui/query-status';
import { teamReportQueryOptions } from '../report-queries';

// The lists behind the figures and buttons load when first opened, not with the card.
const ComplianceModal = lazy(() =>
  import('./compliance-modal').then((module) => ({ default: module.ComplianceModal })),
);
const TeamViewModal = lazy(() =>
  import('./team-view-modal').then((module) => ({ default: module.TeamViewModal })),
);

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <Stack gap={0}>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** The side panel: the team's size and the last 30 days at a glance, with the full lists a click away. */
export function TeamReportCard({ teamId }: { teamId: string }) {
  const report = useQuery(teamReportQueryOptions(teamId));
  const [activityOpened, activity] = useDisclosure(false);
  const [attendanceOpened, attendance] = useDisclosure(false);
  const compliance = useQuery(complianceFiguresOptions(teamId));
  const [figure, setFigure] = useState<ComplianceStatus | null>(null);
  const data = report.data;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="team-report-title">
      <Title order={2} size="h4" id="team-report-title" mb="sm">
        Team Report
      </Title>
      {data ? (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="sm">
            <Stat label="Members" value={data.membersCount} />
            <Stat label="Available Users" value={data.availableUsers} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Last 30 days: {data.activity.signIns} sign-ins, {data.activity.courseCompletions} courses and{' '}
            {data.activity.checklistCompletions} checklists completed; {data.virtualAttendance.attended} of{' '}
            {data.virtualAttendance.invited} virtual class/meeting invitations attended.
          </Text>
          <Stack gap="xs" component="section" aria-labelledby="team-training-title">
            <Title order={3} size="h6" id="team-training-title">
              Assigned training
            </Title>
            {compliance.data ? (
              <FigureStats
                figures={compliance.data.total}
                of="this team"
                cols={{ base: 2 }}
                onPick={setFigure}
              />
            ) : (
              <QueryStatus query={compliance} />
            )}
          </Stack>
          <Stack gap="xs">
            <Button variant="light" fullWidth onClick={activity.open}>
              Team Activity
            </Button>
            <Button variant="light" fullWidth onClick={attendance.open}>
              Virtual Class/Meeting Attendance
            </Button>
          </Stack>
        </Stack>
      ) : (
        <QueryStatus query={report} />
      )}
      <MountWhen when={activityOpened}>
        <TeamViewModal teamId={teamId} view="activity" opened={activityOpened} onClose={activity.close} />
      </MountWhen>
      <MountWhen when={attendanceOpened}>
        <TeamViewModal
          teamId={teamId}
          view="attendance"
          opened={attendanceOpened}
          onClose={attendance.close}
        />
      </MountWhen>
      <MountWhen when={figure !== null}>
        <ComplianceModal teamId={teamId} status={figure} onClose={() => setFigure(null)} />
      </MountWhen>
    </Card>
  );
}
