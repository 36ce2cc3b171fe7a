import type { LearnerChecklist } from '@contract/checklists/records';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '@/lib/auth-store';
import { type PendingRecord, usePendingRecords, waitingByItem } from '@/lib/outbox-checklist-records';
import { checklistWithWork, type WaitingWork } from '@/lib/outbox-learning';
import { ChecklistProgress } from '@/ui/checklist/checklist-progress';
import { PageTitle } from '@/ui/page-title';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { LeadItemCard } from './item-card';
import { LeadCrumbs } from './lead-crumbs';
import { memberName } from './member-checklists-screen';
import { recordInvalidate } from './mutations';
import { memberChecklistOptions, memberOptions } from './queries';
import { ReadState } from './read-state';

const NO_WORK: Omit<WaitingWork, 'checklistRecords'> = {
  activities: new Set(),
  courses: new Set(),
  markedDone: new Set(),
  answeredQuizzes: new Set(),
  startedAttempts: new Map(),
  elearningPackages: new Set(),
  elearningCommits: [],
};

/** The checklist as this device left it: records still in the outbox counted in its items and figures. */
function withPending(checklist: LearnerChecklist, pending: readonly PendingRecord[]): LearnerChecklist {
  const checklistRecords = pending
    .filter((record) => record.learnerId === checklist.learner._id)
    .map(({ activityId, learnerId, action }) => ({
      checklistId: checklist._id,
      activityId,
      learnerId,
      action,
    }));
  return checklistWithWork(checklist, { ...NO_WORK, checklistRecords });
}

type Props = { memberId: string; teamId: string; checklistId: string };

/**
 * One checklist of a member, for their lead on a phone: each item's state and history, and on the
 * items the lead may record, sign-off / not yet (or competent / not yet competent) with a note and a
 * photo, and the withdrawal of their own record. Works offline from the saved copy; what waits to
 * be sent shows on its item.
 */
export function MemberChecklistScreen({ memberId, teamId, checklistId }: Props) {
  const member = useQuery(memberOptions(memberId, teamId));
  const query = useQuery(memberChecklistOptions(teamId, memberId, checklistId));
  const userId = useAuth((state) => state.user?._id ?? null);
  const pending = usePendingRecords();
  const invalidate = useMemo(() => recordInvalidate(teamId, memberId), [teamId, memberId]);
  const checklist = useMemo(
    () => (query.data ? withPending(query.data, pending) : undefined),
    [query.data, pending],
  );
  const byItem = useMemo(() => waitingByItem(pending, memberId), [pending, memberId]);
  const name = query.data?.learner.name ?? memberName(member.data);
  const title = checklist?.title ?? 'Checklist';

  return (
    <Stack gap="sm">
      <LeadCrumbs teamId={teamId} crumbs={[{ label: `${name}: Checklists`, memberId }, { label: title }]} />
      <PageTitle>{title}</PageTitle>
      <SavedDataNotice updatedAt={query.dataUpdatedAt} networkFailed={query.isError} />
      <ReadState query={query} teamId={teamId} label="Loading the checklist..." />
      {checklist ? (
        <>
          <Text size="sm">Learner: {name}</Text>
          <ChecklistProgress checklist={checklist} />
          {checklist.items.map((item) => (
            <LeadItemCard
              key={item._id}
              item={item}
              checklistId={checklist._id}
              learnerId={memberId}
              pending={byItem.get(item._id) ?? []}
              userId={userId}
              invalidate={invalidate}
            />
          ))}
        </>
      ) : null}
    </Stack>
  );
}
