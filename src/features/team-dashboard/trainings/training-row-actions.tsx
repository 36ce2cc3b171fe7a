import type { CourseAssignmentRow } from '@contract/course-assignments/resource';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconCalendarRepeat, IconMail, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { openConfirm } from '@/ui/confirm-host';
import { useDeleteTraining, useResendTrainingEmail } from '../training-queries';

type TrainingRowActionsProps = {
  training: CourseAssignmentRow;
  teamId: string;
  onReassign: (training: CourseAssignmentRow) => void;
};

/**
 * Reassign Training, Resend Email, Edit and Delete for one row. A training not made for this team
 * (an administrator's that names the team) is only listed: the server refuses the lead's changes.
 */
export function TrainingRowActions({ training, teamId, onReassign }: TrainingRowActionsProps) {
  if (training.teamId !== teamId) {
    return (
      <Text size="sm" c="dimmed">
        {training.teamId === null ? 'Assigned by an administrator' : 'Assigned from another team'}
      </Text>
    );
  }
  return <EditActions training={training} teamId={teamId} onReassign={onReassign} />;
}

function EditActions({ training, teamId, onReassign }: TrainingRowActionsProps) {
  const resend = useResendTrainingEmail();
  const remove = useDeleteTraining(teamId);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Reassign Training">
        <ActionIcon variant="subtle" aria-label="Reassign Training" onClick={() => onReassign(training)}>
          <IconCalendarRepeat size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Resend Email">
        <ActionIcon
          variant="subtle"
          aria-label="Resend Email"
          loading={resend.isPending}
          onClick={() => resend.mutate(training._id)}
        >
          <IconMail size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Edit">
        <ActionIcon
          variant="subtle"
          aria-label="Edit"
          renderRoot={(props) => (
            <Link
              {...props}
              to="/app/team-dashboard/assign-new-training"
              search={{ team: teamId, trainingId: training._id }}
            />
          )}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label="Delete"
          onClick={() => openConfirm('delete', () => remove.mutateAsync(training._id))}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
