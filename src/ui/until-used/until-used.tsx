import { type ComponentType, lazy, type MouseEvent, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';

/** How a stand-in was first used: it took the focus (a Tab), or it was clicked or tapped. */
export type ReachedBy = 'focus' | 'press';

/** The longest a control's code waits for an idle moment before it is fetched anyway. */
const PRELOAD_IDLE_TIMEOUT_MS = 4000;

/**
 * A control whose code (and first render) waits until it is used: a stand-in that looks the same
 * takes its place until it is clicked or takes the focus (see useReached). Its code is fetched once
 * the browser is idle (usePreloadWhenIdle), so it is in by then.
 */
export function lazyUntilUsed<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  return { Component: lazy(preload), preload };
}

/** Fetches a control's code (`preload` of lazyUntilUsed) once the browser is idle after the first render. */
export function usePreloadWhenIdle(preload: () => Promise<unknown>) {
  useEffect(() => whenIdle(() => void preload().catch(() => undefined), PRELOAD_IDLE_TIMEOUT_MS), [preload]);
}

/**
 * Whether the stand-in has been used, and how (null until then), with the handlers that tell: spread
 * them on the stand-in's field. A press does not focus the stand-in (a focus would swap it out between
 * the press and its click, which then reached neither); its click does the swap, and the control
 * takes the focus in its place.
 */
export function useReached() {
  const [reachedBy, setReachedBy] = useState<ReachedBy | null>(null);
  const handlers = {
    onMouseDown: (event: MouseEvent) => event.preventDefault(),
    onClick: () => setReachedBy('press'),
    onFocus: () => setReachedBy((was) => was ?? 'focus'),
  };
  return [reachedBy, handlers] as const;
}
