import type { MemberSummary } from '@contract/team-dashboard';
import { Avatar, Badge, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, fullName, progressLabel } from '../format';

function ProgressStat({
  label,
  done,
  assigned,
  value,
}: {
  label: string;
  done: number;
  assigned: number;
  value: number;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {progressLabel(done, assigned)} ({Math.round(value)}%)
        </Text>
      </Group>
      <Progress value={value} aria-label={label} />
    </Stack>
  );
}

/** The member's dashboard: who, how far along, in which teams, last seen when. */
export function MemberSummaryView({ summary }: { summary: MemberSummary }) {
  const { member } = summary;
  const name = fullName(member);
  return (
    <Stack gap="lg">
      <Group>
        <Avatar src={member.profilePicture} name={name} color="initials" size="lg" />
        <Stack gap={0}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {member.email}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ProgressStat
          label="Courses completed"
          done={member.coursesCompleted}
          assigned={member.coursesAssigned}
          value={member.courseProgress}
        />
        <ProgressStat
          label="Checklists completed"
          done={member.checklistsCompleted}
          assigned={member.checklistsAssigned}
          value={member.checklistProgress}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Teams
        </Text>
        <Group gap="xs">
          {member.teams.length === 0 ? <Text c="dimmed">None</Text> : null}
          {member.teams.map((team) => (
            <Badge key={team._id} variant="light">
              {team.title}
            </Badge>
          ))}
        </Group>
      </Stack>
      <Text size="sm">
        Last sign-in: {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never signed in'}
      </Text>
    </Stack>
  );
}
