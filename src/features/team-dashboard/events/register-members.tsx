import type { TeamEvent } from '@contract/events/attendees';
import { Button, Group } from '@mantine/core';
import { useMemo, useState } from 'react';
import { RemoteMultiSelect } from '@/ui/remote-multi-select';
import { memberChoicePages } from '../member-queries';
import { useRegisterMembers } from './event-queries';

type Props = { teamId: string; event: TeamEvent };

/** Chooses members of the team not on the event yet and registers them: seats first, then the waiting list. */
export function RegisterMembers({ teamId, event }: Props) {
  const [chosen, setChosen] = useState<string[]>([]);
  const choices = useMemo(() => memberChoicePages(teamId), [teamId]);
  const register = useRegisterMembers(teamId, event);
  const onEvent = useMemo(() => event.members.map((member) => member.userId), [event.members]);
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <RemoteMultiSelect
        label="Members to register"
        placeholder={chosen.length === 0 ? 'Search members' : undefined}
        nothingFound="No member found."
        query={choices}
        exclude={onEvent}
        value={chosen}
        onChange={setChosen}
        clearable
        style={{ flex: '1 1 14rem' }}
      />
      <Button
        disabled={chosen.length === 0}
        loading={register.isPending}
        onClick={() => register.mutate(chosen, { onSuccess: () => setChosen([]) })}
      >
        Register
      </Button>
    </Group>
  );
}
