import type { ChecklistRecordAction } from '@contract/checklists/records';
import { checklistRecordPaths } from '@contract/checklists/records';
import { API_BASE } from '@contract/paths';
import { useEffect, useMemo, useState } from 'react';
import { getEntry, type OutboxEntry } from '../../sw/outbox/store.ts';
import { type OutboxSummary, useOutbox } from './outbox';

/** A record made on this device that waits in the outbox (pending or being sent). */
export type PendingRecord = {
  seq: number;
  recordId: string;
  learnerId: string;
  activityId: string;
  action: ChecklistRecordAction;
  note: string;
  withdraws: string | null;
  /** The name of the photo kept with it in the outbox, until it is sent. */
  photoName: string | null;
  createdAt: number;
};

const RECORD_URL = `${API_BASE}${checklistRecordPaths.record}`;
const BULK_URL = `${API_BASE}${checklistRecordPaths.bulkSignOff}`;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What one stored change holds, read from its body (JSON, or the multipart form with its photo). */
export async function recordsOfEntry(
  entry: Pick<OutboxEntry, 'seq' | 'url' | 'contentType' | 'body' | 'createdAt'>,
): Promise<PendingRecord[]> {
  if (!entry.body) return [];
  const base = { seq: entry.seq, createdAt: entry.createdAt };
  const url = entry.url.split('?')[0];
  if (entry.contentType?.startsWith('multipart/form-data')) {
    const form = await new Response(entry.body, {
      headers: { 'Content-Type': entry.contentType },
    }).formData();
    const file = form.get('file');
    return [
      {
        ...base,
        recordId: text(form.get('recordId')),
        learnerId: text(form.get('learnerId')),
        activityId: text(form.get('activityId')),
        action: text(form.get('action')) as ChecklistRecordAction,
        note: text(form.get('note')),
        withdraws: text(form.get('withdraws')) || null,
        photoName: file instanceof File ? file.name : null,
      },
    ];
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(new TextDecoder().decode(entry.body)) as Record<string, unknown>;
  } catch {
    return [];
  }
  if (url === BULK_URL) {
    const learners = Array.isArray(body.learnerIds) ? body.learnerIds : [];
    const ids = Array.isArray(body.recordIds) ? body.recordIds : [];
    return learners.map((learnerId, index) => ({
      ...base,
      recordId: text(ids[index]),
      learnerId: text(learnerId),
      activityId: text(body.activityId),
      action: 'done' as const,
      note: text(body.note),
      withdraws: null,
      photoName: null,
    }));
  }
  return [
    {
      ...base,
      recordId: text(body.recordId),
      learnerId: text(body.learnerId),
      activityId: text(body.activityId),
      action: text(body.action) as ChecklistRecordAction,
      note: text(body.note),
      withdraws: text(body.withdraws) || null,
      photoName: null,
    },
  ];
}

async function readRecords(summary: OutboxSummary): Promise<PendingRecord[]> {
  const entry = await getEntry(summary.seq);
  return entry ? recordsOfEntry(entry) : [];
}

/** Bodies read once per stored change (an edit in the outbox panel gives it a new attempt count, not a new seq). */
const read = new Map<string, Promise<PendingRecord[]>>();

const isRecordWrite = (entry: OutboxSummary) => {
  if (entry.method !== 'POST' || entry.status === 'failed') return false;
  const url = entry.url.split('?')[0];
  return url === RECORD_URL || url === BULK_URL;
};

/**
 * The checklist records waiting in this device's outbox, oldest first, as the worker reports them:
 * they survive a reload and go the moment the server answers them. Refused ones are left to the
 * outbox panel, with its Retry, Edit and Discard.
 */
export function usePendingRecords(): PendingRecord[] {
  const { entries } = useOutbox();
  const waiting = useMemo(() => entries.filter(isRecordWrite), [entries]);
  const [records, setRecords] = useState<PendingRecord[]>([]);
  useEffect(() => {
    let live = true;
    const keys = new Set(waiting.map((entry) => `${entry.seq}:${entry.createdAt}`));
    // A change sent or discarded is read no more.
    for (const key of read.keys()) if (!keys.has(key)) read.delete(key);
    const reads = waiting.map((entry) => {
      const key = `${entry.seq}:${entry.createdAt}`;
      let pending = read.get(key);
      if (!pending) {
        pending = readRecords(entry).catch(() => []);
        read.set(key, pending);
      }
      return pending;
    });
    void Promise.all(reads).then((lists) => {
      if (live) setRecords(lists.flat());
    });
    return () => {
      live = false;
    };
  }, [waiting]);
  return records;
}

/** The waiting records of one member, by item. */
export function waitingByItem(records: readonly PendingRecord[], learnerId: string) {
  const byItem = new Map<string, PendingRecord[]>();
  for (const record of records) {
    if (record.learnerId !== learnerId) continue;
    byItem.set(record.activityId, [...(byItem.get(record.activityId) ?? []), record]);
  }
  return byItem;
}
