import type { MemberSummary } from '@contract/team-dashboard';
import { Avatar, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date';
import { fullName } from '../format';
import { ProgressRow } from '../progress-row';

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
        <ProgressRow
          variant="detail"
          label="Courses completed"
          done={member.coursesCompleted}
          assigned={member.coursesAssigned}
          value={member.courseProgress}
        />
        <ProgressRow
          variant="detail"
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
