import { duplicateTeamSchema, type TeamRow } from '@contract/teams';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useGuardedClose } from '@/ui/form/use-guarded-close';
import { useRecordForm } from '@/ui/form/use-record-form';
import { useDuplicateTeam } from '../mutations';

type DuplicateValues = { title: string; teamName: string };

/**
 * Duplicate team (spec 7: 'POST by id with payload'): the copy keeps the team's settings, leads
 * and members under the title given here; an empty team name keeps the original's.
 */
export function DuplicateTeamModal({ team, onClose }: { team: TeamRow; onClose: () => void }) {
  const duplicate = useDuplicateTeam();
  const { form, isUnsaved } = useRecordForm({
    defaultValues: { title: `${team.title} (copy)`, teamName: '' } as DuplicateValues,
    schema: duplicateTeamSchema,
    save: (input: DuplicateValues) => duplicate.mutateAsync({ teamId: team._id, input }),
    onSaved: onClose,
  });
  const close = useGuardedClose(isUnsaved, onClose);
  return (
    <Modal opened onClose={close} title="Duplicate Team" centered>
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
            <Button variant="default" onClick={close}>
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
