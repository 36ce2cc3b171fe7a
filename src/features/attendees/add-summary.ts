import type { AddAttendeesResult } from '@contract/events/attendees';

/** How an add went, in words: '2 registered, 1 on the waiting list, 1 already on the event'. */
export function addSummary(result: AddAttendeesResult): string {
  const parts = [
    result.registered > 0 ? `${result.registered} registered` : '',
    result.invited > 0 ? `${result.invited} invited` : '',
    result.waitlisted > 0 ? `${result.waitlisted} on the waiting list` : '',
    result.alreadyOn > 0 ? `${result.alreadyOn} already on the event` : '',
    result.full > 0 ? `${result.full} not added: the event is full` : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(', ') : 'Nobody was added';
}
