import '@mantine/dates/styles.css';
import type { CourseAssignmentRow } from '@contract/course-assignments/resource';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { dateInputFormat } from '@/lib/format-date';
import { today } from '../format';
import { useReassignTraining } from '../training-queries';

type ReassignModalProps = { teamId: string; training: CourseAssignmentRow | null; onClose: () => void };

/** Reassign Training: assigns the training's courses again, with a new deadline or none. */
export function ReassignModal({ teamId, training, onClose }: ReassignModalProps) {
  return (
    <Modal opened={training !== null} onClose={onClose} title="Reassign Training">
      {training ? (
        <ReassignForm key={training._id} teamId={teamId} training={training} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function ReassignForm({
  teamId,
  training,
  onDone,
}: {
  teamId: string;
  training: CourseAssignmentRow;
  onDone: () => void;
}) {
  const reassign = useReassignTraining(teamId);
  const [deadline, setDeadline] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        reassign.mutate(
          { trainingId: training._id, deadline },
          {
            onSuccess: onDone,
            // Other failures were toasted by the api client; a refused date belongs under the field.
            onError: (failure) => {
              if (isApiError(failure) && failure.status === 422)
                setError(failure.errors.deadline ?? failure.message);
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">{training.title}</Text>
        <DateInput
          label="New Deadline (Optional)"
          {...dateInputFormat}
          value={deadline}
          onChange={(value) => {
            setDeadline(value);
            setError(undefined);
          }}
          minDate={today()}
          clearable
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={reassign.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={reassign.isPending}>
            Reassign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
