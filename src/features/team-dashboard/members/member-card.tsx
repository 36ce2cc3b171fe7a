import type { TeamMemberCard as Member } from '@contract/team-dashboard';
import { ActionIcon, Avatar, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMail, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { fullName } from '../format';
import type { MemberView } from '../member-queries';
import { PendingBadge } from '../pending-badge';
import { ProgressRow } from '../progress-row';
import { MEMBER_SHORTCUTS } from '../views/member-shortcuts';
import { CourseBreakdown } from './course-breakdown';

export type MemberCardActions = {
  onOpenView: (member: Member, view: MemberView) => void;
  onResendEmail: (member: Member) => void;
  onRemove: (member: Member) => void;
};

type MemberCardProps = MemberCardActions & { member: Member; teamId: string; resending: boolean };

/** One member: who, how far along, and the shortcuts to their views. Memoised: a new page must not re-render the cards already shown. */
export const MemberCard = memo(function MemberCard({
  member,
  teamId,
  resending,
  onOpenView,
  onResendEmail,
  onRemove,
}: MemberCardProps) {
  const name = fullName(member);
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={name}
      data-member-card={member._id}
      h="100%"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group wrap="nowrap" gap="sm" miw={0}>
            <Avatar src={member.profilePicture} name={name} color="initials" alt="" />
            <Text fw={600} truncate="end">
              {name}
            </Text>
            <PendingBadge recordId={member._id} />
          </Group>
          <ActionIcon
            variant="subtle"
            aria-label={`Edit ${name}`}
            renderRoot={(props) => (
              <Link
                {...props}
                to="/user-portal/team-dashboard/members/edit/$memberId/$teamId"
                params={{ memberId: member._id, teamId }}
              />
            )}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Group>
        {/* The checklist bar opens the member's checklists, named by what it shows ("Checklist Progress 1/2"). */}
        <UnstyledButton
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          renderRoot={(props) => (
            <Link
              {...props}
              to="/user-portal/team-dashboard/members/checklists/$memberId/$teamId"
              params={{ memberId: member._id, teamId }}
            />
          )}
        >
          <ProgressRow
            barHidden
            label="Checklist Progress"
            done={member.checklistsCompleted}
            assigned={member.checklistsAssigned}
            value={member.checklistProgress}
          />
        </UnstyledButton>
        <CourseBreakdown member={member} teamId={teamId} />
        <Group gap={6}>
          {MEMBER_SHORTCUTS.map((shortcut) => (
            <Button
              key={shortcut.view}
              size="compact-xs"
              variant="light"
              onClick={() => onOpenView(member, shortcut.view)}
            >
              {shortcut.label}
            </Button>
          ))}
        </Group>
        <Group gap={6} justify="flex-end">
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconMail size={14} aria-hidden />}
            loading={resending}
            onClick={() => onResendEmail(member)}
          >
            Resend Email
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onRemove(member)}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});
