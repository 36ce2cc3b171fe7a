import { type ChecklistDetail, checklistResource } from '@contract/checklists/resource';
import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { EditorPanel } from '@/ui/admin-list/editor-shell';
import { useCan } from '@/ui/admin-list/use-can';
import { useUnsavedChangesBlocker } from '@/ui/form/use-unsaved-changes-blocker';
import { QueryStatus } from '@/ui/query-status';
import { RemoteMultiSelect } from '@/ui/remote-multi-select';
import { observerChoicePages, observersOptions, useSaveObservers } from './queries';

const observerCount = (count: number) => (count === 1 ? '1 observer' : `${count} observers`);

/**
 * The observers named for the checklist: assessors, not the learner's lead, who sign off its
 * observer items and may rate. Users are found by name; the chosen ones are saved together.
 */
export function ObserversPanel({ checklist }: { checklist: ChecklistDetail }) {
  const canEdit = useCan(checklistResource, 'edit');
  const query = useQuery(observersOptions(checklist._id));
  const save = useSaveObservers(checklist._id, checklist.title);
  const saved = query.data;
  const [chosen, setChosen] = useState<string[] | null>(null);
  // Observers chosen and not saved are asked about before the screen is left (record 024).
  useUnsavedChangesBlocker(() => chosen !== null);
  const value = chosen ?? saved?.map((observer) => observer._id) ?? [];
  const known = saved?.map((observer) => ({ value: observer._id, label: observer.name })) ?? [];
  const error = isApiError(save.error) ? save.error.errors.userIds : undefined;
  return (
    <EditorPanel title="Observers" summary={saved ? observerCount(saved.length) : undefined}>
      {saved ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <RemoteMultiSelect
            label="Observers"
            placeholder="Search users by name"
            value={value}
            onChange={(next) => {
              setChosen(next);
              save.reset();
            }}
            query={observerChoicePages}
            known={known}
            nothingFound="No user found."
            error={error}
            disabled={!canEdit}
            maxDropdownHeight={300}
            style={{ flex: '1 1 16rem' }}
          />
          {canEdit && (
            <Button
              variant="light"
              disabled={chosen === null}
              loading={save.isPending}
              onClick={() =>
                void save.mutateAsync(value).then(
                  () => setChosen(null),
                  () => undefined,
                )
              }
            >
              Save Observers
            </Button>
          )}
        </Group>
      ) : (
        <QueryStatus query={query} label="Loading the observers..." />
      )}
      <Text size="sm" c="dimmed" mt="xs">
        An observer signs off the items marked to be signed off by a named observer, and may rate.
      </Text>
    </EditorPanel>
  );
}
