import {
  type ElearningCommit,
  type ElearningCommitResult,
  elearningLearnerPaths,
} from '@contract/elearning/tracking';
import { useEffect, useMemo, useState } from 'react';
import { getEntry, listEntries, type OutboxEntry } from '../../sw/outbox/store.ts';
import { api, type WriteResult } from './api-client';
import type { WaitingCommit } from './elearning-records';
import { learningKeys } from './learning-keys';
import { type OutboxSummary, useOutbox } from './outbox';

/**
 * A learner's commits of e-learning packages through the outbox (record 028): each made on the device
 * with its own id, stored by the service worker before it is sent, sent in order and applied once by
 * the server however often it arrives. While they wait, the player reads them back from the outbox.
 */

const ID = '([0-9a-fA-F-]{36})';
const COMMIT_PATH = new RegExp(`${elearningLearnerPaths.commit(ID)}$`);

/** The package a stored change commits to, when it is a learner's commit of a package. */
export function commitPackageOf(entry: Pick<OutboxSummary, 'method' | 'url'>): string | null {
  if (entry.method !== 'POST') return null;
  return COMMIT_PATH.exec(entry.url.split('?')[0] ?? '')?.[1] ?? null;
}

/** What the outbox panel calls a package's commit. */
export const COMMIT_ACTION = 'Save e-learning progress';

const KEEPALIVE_BYTES = 60_000;

/**
 * Sends a commit of the package through the outbox. `keepalive` lets it outlive the page (pagehide):
 * the worker stores it before sending, so it waits there if the page is gone before the answer.
 */
export function sendElearningCommit(
  packageId: string,
  title: string,
  commit: ElearningCommit,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<WriteResult<ElearningCommitResult>> {
  const path = elearningLearnerPaths.commit(packageId);
  return api.post<ElearningCommitResult>(path, commit, {
    outbox: { action: COMMIT_ACTION, target: title, invalidate: [learningKeys.all] },
    // Browsers refuse a keepalive body over 64 KB; a larger one is sent as any other.
    keepalive: keepalive && JSON.stringify(commit).length < KEEPALIVE_BYTES,
    // A commit is saved whatever happens to it; the player shows its state, not a toast per write.
    quiet: true,
  });
}

async function readCommit(summary: OutboxSummary, packageId: string): Promise<WaitingCommit | null> {
  const entry = await getEntry(summary.seq);
  return entry ? commitOf(entry, packageId) : null;
}

function commitOf(entry: Pick<OutboxEntry, 'body'>, packageId: string): WaitingCommit | null {
  if (!entry.body) return null;
  try {
    const commit = JSON.parse(new TextDecoder().decode(entry.body)) as ElearningCommit;
    if (typeof commit.scoId !== 'string' || typeof commit.elements !== 'object' || commit.elements === null)
      return null;
    return { packageId, commit };
  } catch {
    return null;
  }
}

/** Bodies read once per stored change. */
const read = new Map<string, Promise<WaitingCommit | null>>();

/**
 * The package commits waiting in this device's outbox (pending or being sent), oldest first, as the
 * worker reports them: they survive a reload and go once the server answers them. Refused ones are
 * the outbox panel's.
 */
export function useWaitingCommits(): WaitingCommit[] {
  const { entries } = useOutbox();
  const waiting = useMemo(
    () => entries.filter((entry) => entry.status !== 'failed' && commitPackageOf(entry) !== null),
    [entries],
  );
  const [commits, setCommits] = useState<WaitingCommit[]>([]);
  useEffect(() => {
    let live = true;
    const keys = new Set(waiting.map((entry) => `${entry.seq}:${entry.createdAt}`));
    for (const key of read.keys()) if (!keys.has(key)) read.delete(key);
    const reads = waiting.map((entry) => {
      const key = `${entry.seq}:${entry.createdAt}`;
      let pending = read.get(key);
      if (!pending) {
        pending = readCommit(entry, commitPackageOf(entry) ?? '').catch(() => null);
        read.set(key, pending);
      }
      return pending;
    });
    void Promise.all(reads).then((list) => {
      if (!live) return;
      const found = list.filter((commit): commit is WaitingCommit => commit !== null);
      // An unchanged list keeps its identity, so what is worked out from it is not worked out again.
      setCommits((before) =>
        before.length === found.length && before.every((commit, index) => commit === found[index])
          ? before
          : found,
      );
    });
    return () => {
      live = false;
    };
  }, [waiting]);
  return commits;
}

/**
 * The package's commits waiting in the outbox, read from the outbox's own store now (not as the
 * worker last reported it): what a SCO launched the moment the page opens resumes from.
 */
export async function readWaitingCommits(packageId: string): Promise<WaitingCommit[]> {
  const entries = await listEntries().catch(() => []);
  return entries
    .filter((entry) => entry.status !== 'failed' && commitPackageOf(entry) === packageId)
    .map((entry) => commitOf(entry, packageId))
    .filter((commit): commit is WaitingCommit => commit !== null);
}
