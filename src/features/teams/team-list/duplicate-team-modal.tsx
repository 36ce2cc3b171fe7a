import { duplicateTeamSchema, type TeamRow } from '@contract/teams';
import { toFieldErrors } from '@contract/validation';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { revalidateLogic } from '@tanstack/react-form';
import * as v from 'valibot';
import { useAppForm } from '@/ui/form/app-form';
import { applyServerErrors } from '@/ui/form/server-errors';
import { useDuplicateTeam } from '../mutations';

type DuplicateValues = { title: string; teamName: string };

function validate({ value }: { value: DuplicateValues }) {
  const result = v.safeParse(duplicateTeamSchema, value);
  return result.success ? undefined : { fields: toFieldErrors(result.issues) };
}

/**
 * Duplicate team (spec 7: 'POST by id with payload'): the copy keeps the team's settings, leads
 * and members under the title given here; an empty team name keeps the original's.
 */
export function DuplicateTeamModal({ team, onClose }: { team: TeamRow; onClose: () => void }) {
  const duplicate = useDuplicateTeam();
  const form = useAppForm({
    defaultValues: { title: `${team.title} (copy)`, teamName: '' } as DuplicateValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: validate },
    onSubmit: async ({ value, formApi }) => {
      try {
        await duplicate.mutateAsync({ teamId: team._id, input: value });
        onClose();
      } catch (error) {
        applyServerErrors(formApi, error);
      }
    },
  });
  return (
    <Modal opened onClose={onClose} title="Duplicate Team" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">The copy gets the settings, leads and members of {team.title}.</Text>
          <form.AppField name="title">
            {(field) => <field.TextField label="Title" withAsterisk data-autofocus />}
          </form.AppField>
          <form.AppField name="teamName">
            {(field) => <field.TextField label="Team Name" placeholder={team.teamName} />}
          </form.AppField>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <form.AppForm>
              <form.SubmitButton>Duplicate</form.SubmitButton>
            </form.AppForm>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
