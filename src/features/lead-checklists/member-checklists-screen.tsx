import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChecklistProgress } from '@/ui/checklist/checklist-progress';
import { PageTitle } from '@/ui/page-title';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { LeadCrumbs } from './lead-crumbs';
import { memberChecklistsOptions, memberOptions } from './queries';
import { ReadState } from './read-state';

export const memberName = (member: { firstName: string; lastName: string } | undefined) =>
  member ? `${member.firstName} ${member.lastName}`.trim() : 'Member';

/** A member's checklists, from their card: each with its figures, opened to sign items off. */
export function MemberChecklistsScreen({ memberId, teamId }: { memberId: string; teamId: string }) {
  const member = useQuery(memberOptions(memberId, teamId));
  const query = useQuery(memberChecklistsOptions(teamId, memberId));
  const name = memberName(member.data);
  return (
    <Stack gap="sm">
      <LeadCrumbs teamId={teamId} crumbs={[{ label: `${name}: Checklists` }]} />
      <PageTitle>{`${name}: Checklists`}</PageTitle>
      <SavedDataNotice updatedAt={query.dataUpdatedAt} networkFailed={query.isError} />
      <ReadState query={query} teamId={teamId} label="Loading checklists..." />
      {query.data?.length === 0 ? (
        <Text c="dimmed" role="status">
          {name} has no checklists in their training.
        </Text>
      ) : null}
      {query.data?.map((checklist) => (
        <Card key={checklist._id} withBorder padding="sm" component="article" aria-label={checklist.title}>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {checklist.title}
            </Title>
            {checklist.description ? (
              <Text size="sm" c="dimmed" lineClamp={3}>
                {checklist.description}
              </Text>
            ) : null}
            <ChecklistProgress checklist={checklist} />
            {checklist.courses.length > 0 ? (
              <Text size="xs" c="dimmed">
                In {checklist.courses.map((course) => course.name).join(', ')}
              </Text>
            ) : null}
            <Group gap="xs">
              <Button
                size="xs"
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/user-portal/team-dashboard/members/checklists/$memberId/$teamId/$checklistId"
                    params={{ memberId, teamId, checklistId: checklist._id }}
                  />
                )}
              >
                Open
              </Button>
              <Button
                size="xs"
                variant="light"
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/user-portal/team-dashboard/checklists/sign-off/$checklistId/$teamId"
                    params={{ checklistId: checklist._id, teamId }}
                  />
                )}
              >
                Sign off for several members
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
