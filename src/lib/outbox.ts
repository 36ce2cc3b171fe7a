import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  OUTBOX_CHANNEL,
  type OutboxBroadcast,
  type OutboxCommand,
  type OutboxSummary,
} from '../../sw/outbox/protocol.ts';
import { toast } from './notify';

export type { OutboxSummary } from '../../sw/outbox/protocol.ts';

export const SYNCED_MESSAGE = 'All offline changes are synced.';
/** While a page is open and a change waits, it reminds the worker this often. */
const TICK_MS = 15_000;

type OutboxState = { entries: OutboxSummary[]; paused: boolean };

let state: OutboxState = { entries: [], paused: false };
const listeners = new Set<() => void>();
/** A change was kept for later since the last time the queue drained: its end deserves a toast. */
let hadQueued = false;

function setState(next: OutboxState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type OutboxView = OutboxState & { pending: number; failed: number };

let view: OutboxView = { ...state, pending: 0, failed: 0 };
function snapshot(): OutboxView {
  if (view.entries !== state.entries || view.paused !== state.paused) {
    const failed = state.entries.filter((entry) => entry.status === 'failed').length;
    view = { ...state, failed, pending: state.entries.length - failed };
  }
  return view;
}

/** The outbox as the worker last reported it, read outside a render (in an event's handler). */
export function currentOutbox(): OutboxView {
  return snapshot();
}

/** The outbox as the worker last reported it: its entries, how many wait and failed, and whether it is paused. */
export function useOutbox(): OutboxView {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Sends a command to the worker that controls the page; without one there is no outbox to talk to. */
export function postToOutbox(command: OutboxCommand): void {
  navigator.serviceWorker?.controller?.postMessage(command);
}

/** The page got 202 queued for a write: say so, and toast again once the queue has synced. */
export function noteQueued(message: string): void {
  hadQueued = true;
  toast.info(message);
}

/** Once nothing waits any more after an offline change: all sent, or what is left was refused (shown as failed). */
function settle() {
  if (!hadQueued || state.entries.some((entry) => entry.status !== 'failed')) return;
  hadQueued = false;
  if (state.entries.length === 0) toast.success(SYNCED_MESSAGE);
}

function onBroadcast(message: OutboxBroadcast, queryClient: QueryClient) {
  switch (message.type) {
    case 'outbox:entries':
      // A change that waits or was tried and kept (also one found after a reload) is an offline change.
      if (
        message.entries.some((entry) => entry.status !== 'failed' && (entry.attempts > 1 || entry.lastError))
      )
        hadQueued = true;
      setState({ entries: message.entries, paused: message.paused });
      settle();
      break;
    case 'outbox:sent':
      for (const queryKey of message.invalidate) void queryClient.invalidateQueries({ queryKey });
      break;
    case 'outbox:drained':
      settle();
      break;
    default:
      break;
  }
}

/**
 * Listens to the worker's outbox for the life of the page: keeps the entries for the top bar and the
 * cards, refetches what an answered change touched, and reminds the worker to replay when the
 * connection is back and on a timer while something waits.
 */
export function startOutbox(queryClient: QueryClient): () => void {
  if (typeof BroadcastChannel === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = (event: MessageEvent<OutboxBroadcast>) => onBroadcast(event.data, queryClient);

  const askList = () => postToOutbox({ type: 'outbox:list' });
  const onOnline = () => postToOutbox({ type: 'outbox:online' });
  window.addEventListener('online', onOnline);
  navigator.serviceWorker.addEventListener('controllerchange', askList);
  askList();
  void navigator.serviceWorker.ready.then(askList);

  const timer = setInterval(() => {
    if (state.entries.some((entry) => entry.status !== 'failed')) postToOutbox({ type: 'outbox:tick' });
  }, TICK_MS);

  return () => {
    clearInterval(timer);
    window.removeEventListener('online', onOnline);
    navigator.serviceWorker.removeEventListener('controllerchange', askList);
    channel.close();
  };
}

/** After a sign-in: the queue paused by an ended session goes on with the new token. */
export function resumeOutbox(): void {
  postToOutbox({ type: 'outbox:resume' });
}
