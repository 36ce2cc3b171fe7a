import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '@/lib/auth-store';
import { learningKeys } from '@/lib/learning-keys';
import { usePendingRecords, waitingByItem } from '@/lib/outbox-checklist-records';
import { checklistWithWork, itemRecordWaiting, useWaitingWork } from '@/lib/outbox-learning';
import { ChecklistItemCard } from '@/ui/checklist/checklist-item-card';
import { ChecklistProgress } from '@/ui/checklist/checklist-progress';
import { SignerActions } from '@/ui/checklist/signer-actions';
import { PageTitle } from '@/ui/page-title';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { ChecklistBreadcrumb } from './checklist-breadcrumb';
import { observedChecklistOptions } from './queries';

const INVALIDATE = [learningKeys.all];

type ObservedChecklistScreenProps = { checklistId: string; learnerId: string };

/**
 * One learner's checklist as a named observer sees it: every item with its state and history, and
 * sign off, not yet, rate and withdraw on the items the observer may record. Opens offline once seen.
 */
export function ObservedChecklistScreen({ checklistId, learnerId }: ObservedChecklistScreenProps) {
  const query = useQuery(observedChecklistOptions(checklistId, learnerId));
  const userId = useAuth((state) => state.user?._id ?? null);
  const work = useWaitingWork();
  const pending = waitingByItem(usePendingRecords(), learnerId);
  const checklist = useMemo(() => query.data && checklistWithWork(query.data, work), [query.data, work]);
  return (
    <Stack gap="md">
      <ChecklistBreadcrumb
        back={{ label: 'Checklists you observe', to: '/user-portal/observing' }}
        title={checklist ? `${checklist.title}: ${checklist.learner.name}` : 'Checklist'}
      />
      {checklist ? (
        <>
          <PageTitle>{`${checklist.title}: ${checklist.learner.name}`}</PageTitle>
          <SavedDataNotice updatedAt={query.dataUpdatedAt} networkFailed={isNetworkFailure(query.error)} />
          {checklist.description && <Text>{checklist.description}</Text>}
          <ChecklistProgress checklist={checklist} label={`${checklist.learner.name}'s checklist`} />
          <Stack
            gap="sm"
            component="ol"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Checklist items"
          >
            {checklist.items.map((item) => {
              const waiting = itemRecordWaiting(work, learnerId, item._id);
              return (
                <li key={item._id}>
                  <ChecklistItemCard item={item} waiting={waiting} pending={pending.get(item._id)}>
                    <SignerActions
                      item={item}
                      checklistId={checklistId}
                      learnerId={learnerId}
                      waiting={waiting !== null}
                      userId={userId}
                      invalidate={INVALIDATE}
                    />
                  </ChecklistItemCard>
                </li>
              );
            })}
          </Stack>
        </>
      ) : (
        <QueryStatus query={query} label="Loading the checklist..." />
      )}
    </Stack>
  );
}
