import type { ChecklistRecordInput } from '@contract/checklists/record-schemas';
import {
  type ChecklistRecordAction,
  checklistRecordPaths,
  type RecordResult,
} from '@contract/checklists/records';
import type { ChecklistActivityType } from '@contract/checklists/resource';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from './api-client';
import { toast } from './notify';

/** One record to write on a learner's checklist item, by the learner, their lead or an observer. */
export type ChecklistRecordSend = {
  /** Made on the device once per record, so the outbox's replay or a second tap counts once. */
  recordId: string;
  learnerId: string;
  checklistId: string;
  activityId: string;
  type: ChecklistActivityType;
  action: ChecklistRecordAction;
  /** The note, the written answer or the withdrawal's reason. */
  note?: string;
  /** The record a withdrawal takes back. */
  withdraws?: string;
  /** The evidence, or the photo of a sign-off or 'not yet'. */
  file?: File | null;
  /** The item's title, as the outbox panel names the change. */
  title: string;
};

/**
 * The query a record's request carries beside its body. The server reads only the body; the query
 * is for this device: an outbox entry's address is all the page knows of it (src/lib/outbox-learning.ts
 * reads which learner's item waits, and how, from it).
 */
export const RECORD_QUERY = {
  checklist: 'checklist',
  activity: 'activity',
  learner: 'learner',
  action: 'action',
} as const;

/** How the outbox panel names each kind of record. */
export function recordActionName(send: Pick<ChecklistRecordSend, 'type' | 'action'>): string {
  if (send.action === 'withdraw') return 'Withdraw a checklist record';
  if (send.type === 'rating') return send.action === 'done' ? 'Rate competent' : 'Rate not yet competent';
  if (send.action === 'notYet') return 'Mark checklist item not yet';
  if (send.type === 'learnerTick') return 'Tick checklist item';
  if (send.type === 'writtenAnswer') return 'Send written answer';
  if (send.type === 'evidence') return 'Upload evidence';
  return 'Sign off checklist item';
}

/**
 * Writes one record through the outbox: JSON, or multipart with the text fields first and the file
 * last when a file goes with it (offline, the outbox keeps the file in its storage until it is sent).
 */
export function sendChecklistRecord(
  send: ChecklistRecordSend,
  invalidate: readonly (readonly unknown[])[],
): Promise<WriteResult<RecordResult>> {
  const fields: ChecklistRecordInput = {
    recordId: send.recordId,
    learnerId: send.learnerId,
    activityId: send.activityId,
    action: send.action,
    note: send.note ?? '',
    ...(send.withdraws ? { withdraws: send.withdraws } : {}),
  };
  let body: ChecklistRecordInput | FormData = fields;
  if (send.file) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append('file', send.file, send.file.name);
    body = form;
  }
  return api.post<RecordResult>(checklistRecordPaths.record, body, {
    query: {
      [RECORD_QUERY.checklist]: send.checklistId,
      [RECORD_QUERY.activity]: send.activityId,
      [RECORD_QUERY.learner]: send.learnerId,
      [RECORD_QUERY.action]: send.action,
    },
    outbox: { action: recordActionName(send), target: send.title, invalidate },
  });
}

/**
 * What to say when a record completed courses: to the learner, that their course is completed; to
 * a lead or an observer, whose record it was, that the learner's is.
 */
export function completionWords(result: Pick<RecordResult, 'record' | 'coursesCompleted'>): string | null {
  const count = result.coursesCompleted.length;
  if (count === 0) return null;
  if (result.record.by.role === 'learner') return count === 1 ? 'Course completed.' : 'Courses completed.';
  return count === 1 ? 'The learner completed their course.' : 'The learner completed their courses.';
}

/**
 * Writes records on checklist items. Answered, the server's message shows and `invalidate` is read
 * again; kept for later, the outbox's entry is what shows the item waiting (src/lib/outbox-learning.ts).
 */
export function useChecklistRecord(invalidate: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: ChecklistRecordSend) => sendChecklistRecord(send, invalidate),
    onSuccess: async (result) => {
      if (isQueued(result)) return;
      toast.success(completionWords(result.results) ?? result.message);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
