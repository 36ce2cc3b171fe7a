import type { AssignedTraining } from '@contract/training';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCalendarRepeat, IconMail, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { openConfirm } from '@/ui/confirm-host';
import { useDeleteTraining, useResendTrainingEmail } from '../training-queries';

type TrainingRowActionsProps = {
  training: AssignedTraining;
  teamId: string;
  onReassign: (training: AssignedTraining) => void;
};

/** Reassign Training, Resend Email, Edit and Delete for one row. */
export function TrainingRowActions({ training, teamId, onReassign }: TrainingRowActionsProps) {
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
