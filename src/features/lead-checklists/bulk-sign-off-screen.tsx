import { CHECKLIST_NOTE_MAX, checklistRecordMessages as m } from '@contract/checklists/records';
import { Alert, Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { usePendingRecords } from '@/lib/outbox-checklist-records';
import { WAITING_LABEL } from '@/lib/outbox-learning';
import { ChecklistStateBadge } from '@/ui/checklist/checklist-state-badge';
import { PageTitle } from '@/ui/page-title';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { LeadCrumbs } from './lead-crumbs';
import { useBulkSignOff } from './mutations';
import { memberChecklistOptions, teamChecklistOptions } from './queries';
import { ReadState } from './read-state';

export const BULK_TITLE = 'Sign off this item for these members';

/**
 * For a lead who watched several people do the same task: pick an item a lead signs off, tick the
 * members of the team holding it, and sign it off for all of them with one note. Each member gets
 * a record of their own (the server checks each), through the outbox like any sign-off.
 */
export function BulkSignOffScreen({ checklistId, teamId }: { checklistId: string; teamId: string }) {
  const members = useQuery(teamChecklistOptions(teamId, checklistId));
  // The item titles and types: the checklist as the first member holds it.
  const firstId = members.data?.[0]?._id;
  const sample = useQuery({
    ...memberChecklistOptions(teamId, firstId ?? '', checklistId),
    enabled: firstId !== undefined,
  });
  const pending = usePendingRecords();
  const bulk = useBulkSignOff(teamId);
  const [activityId, setActivityId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const items = (sample.data?.items ?? []).filter((item) => item.type === 'leadSignOff');
  const item = items.find((candidate) => candidate._id === activityId) ?? null;
  const waiting = useMemo(
    () =>
      new Set(pending.filter((record) => record.activityId === activityId).map((record) => record.learnerId)),
    [pending, activityId],
  );
  const stateOf = (memberId: string) =>
    members.data
      ?.find((member) => member._id === memberId)
      ?.items.find((entry) => entry.activityId === activityId)?.state ?? 'open';
  const open = (members.data ?? []).filter(
    (member) => stateOf(member._id) !== 'done' && !waiting.has(member._id),
  );

  const choose = (value: string | null) => {
    setActivityId(value);
    setChosen([]);
    setError(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!item) return;
    if (chosen.length === 0) return setError(m.learnersRequired);
    if (note.trim().length > CHECKLIST_NOTE_MAX) return setError(m.noteTooLong);
    setError(null);
    try {
      await bulk.mutateAsync({
        activityId: item._id,
        itemTitle: item.title,
        learnerIds: chosen,
        note: note.trim(),
      });
      setChosen([]);
      setNote('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Stack gap="sm">
      <LeadCrumbs teamId={teamId} crumbs={[{ label: BULK_TITLE }]} />
      <PageTitle>{BULK_TITLE}</PageTitle>
      <SavedDataNotice updatedAt={members.dataUpdatedAt} networkFailed={members.isError} />
      <ReadState query={members} teamId={teamId} label="Loading the team's members..." />
      {members.data?.length === 0 ? (
        <Text c="dimmed" role="status">
          No member of this team holds this checklist.
        </Text>
      ) : null}
      {members.data && members.data.length > 0 ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {sample.data ? <Text fw={600}>{sample.data.title}</Text> : null}
            <Select
              label="Item"
              placeholder="Choose the item to sign off"
              data={items.map((entry) => ({ value: entry._id, label: `${entry.position}. ${entry.title}` }))}
              value={activityId}
              onChange={choose}
              allowDeselect={false}
              nothingFoundMessage="This checklist has no item a lead signs off."
            />
            {item ? (
              <Paper withBorder p="sm">
                <Checkbox.Group label="Members" value={chosen} onChange={setChosen}>
                  <Stack gap="xs" mt="xs">
                    <Group gap="xs">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setChosen(open.map((member) => member._id))}
                      >
                        Tick all not done
                      </Button>
                      <Button size="compact-xs" variant="subtle" onClick={() => setChosen([])}>
                        Clear
                      </Button>
                    </Group>
                    {members.data.map((member) => {
                      const state = stateOf(member._id);
                      const held = state === 'done' || waiting.has(member._id);
                      return (
                        <Group key={member._id} justify="space-between" wrap="nowrap" gap="xs">
                          <Checkbox value={member._id} label={member.name} disabled={held} />
                          {waiting.has(member._id) ? (
                            <Badge color="yellow" variant="light">
                              {WAITING_LABEL}
                            </Badge>
                          ) : (
                            <ChecklistStateBadge state={state} type="leadSignOff" />
                          )}
                        </Group>
                      );
                    })}
                  </Stack>
                </Checkbox.Group>
              </Paper>
            ) : null}
            <Textarea
              label="Note"
              autosize
              minRows={2}
              maxRows={6}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" disabled={!item} loading={bulk.isPending}>
                {`Sign off for ${chosen.length} ${chosen.length === 1 ? 'member' : 'members'}`}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
