import '@mantine/dates/styles.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { dateInputFormat } from '@/lib/format-date';
import { useGuardedClose } from '@/ui/form/use-guarded-close';
import { useUnsavedChangesBlocker } from '@/ui/form/use-unsaved-changes-blocker';
import { today } from '../format';
import { useReassignLearners, useReassignTrainings } from '../reassign-queries';
import { useReassignTraining } from '../training-queries';
import { describeTarget, type ReassignTarget, targetKey } from './reassign-target';

type ReassignModalProps = {
  teamId: string;
  target: ReassignTarget | null;
  onClose: () => void;
  /** After the server (or the outbox) took the change, before the dialog closes. */
  onDone?: () => void;
};

/**
 * Reassign Training: assigns the courses again, with a new deadline or none, to every learner of a
 * training or of several, or to chosen learners of one. A deadline chosen and not sent is asked
 * about before the dialog closes or the page is left.
 */
export function ReassignModal({ teamId, target, onClose, onDone }: ReassignModalProps) {
  // Whether the open form holds a deadline not sent; the form keeps it up to date.
  const unsaved = useRef(false);
  const isUnsaved = () => target !== null && unsaved.current;
  useUnsavedChangesBlocker(isUnsaved);
  const close = useGuardedClose(isUnsaved, onClose);
  return (
    <Modal opened={target !== null} onClose={close} title="Reassign Training">
      {target ? (
        <ReassignForm
          key={targetKey(target)}
          teamId={teamId}
          target={target}
          unsaved={unsaved}
          onCancel={close}
          onDone={() => {
            onDone?.();
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

/** One mutation per kind of target; the form sends the one its target needs. */
function useReassign(teamId: string) {
  const one = useReassignTraining(teamId);
  const several = useReassignTrainings(teamId);
  const learners = useReassignLearners(teamId);
  return {
    isPending: one.isPending || several.isPending || learners.isPending,
    send: (target: ReassignTarget, deadline: string | null, callbacks: Callbacks) => {
      switch (target.kind) {
        case 'training':
          return one.mutate({ trainingId: target.training._id, deadline }, callbacks);
        case 'trainings':
          return several.mutate(
            { trainingIds: target.trainings.map((training) => training._id), deadline },
            callbacks,
          );
        case 'learners':
          return learners.mutate(
            {
              trainingId: target.training._id,
              userIds: target.learners.map((learner) => learner._id),
              deadline,
            },
            callbacks,
          );
      }
    },
  };
}

type Callbacks = { onSuccess: () => void; onError: (failure: Error) => void };

function ReassignForm({
  teamId,
  target,
  unsaved,
  onCancel,
  onDone,
}: {
  teamId: string;
  target: ReassignTarget;
  unsaved: { current: boolean };
  onCancel: () => void;
  onDone: () => void;
}) {
  const reassign = useReassign(teamId);
  const [deadline, setDeadline] = useState<string | null>(null);
  unsaved.current = deadline !== null;
  // A form that goes (sent, or another target) leaves nothing to ask about.
  useEffect(
    () => () => {
      unsaved.current = false;
    },
    [unsaved],
  );
  const [error, setError] = useState<string | undefined>();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        reassign.send(target, deadline, {
          onSuccess: onDone,
          // Other failures were toasted by the api client; a refused date or learner belongs in the form.
          onError: (failure) => {
            if (isApiError(failure) && failure.status === 422)
              setError(failure.errors.deadline ?? failure.errors.userIds ?? failure.message);
          },
        });
      }}
    >
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {describeTarget(target)}
        </Text>
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
          <Button variant="default" onClick={onCancel} disabled={reassign.isPending}>
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
