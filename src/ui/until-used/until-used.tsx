import {
  type ComponentType,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react';
import { whenIdle } from '@/lib/when-idle';

/** How a stand-in was first used: it took the focus (a Tab), or it was clicked or tapped. */
export type ReachedBy = 'focus' | 'press';

/** The longest a control's code waits for an idle moment before it is fetched anyway. */
const PRELOAD_IDLE_TIMEOUT_MS = 4000;

/**
 * A control whose code (and first render) waits until it is used: a stand-in that looks the same
 * takes its place until it is clicked or takes the focus (see UntilUsed). Its code is fetched once
 * the browser is idle, so it is in by then.
 */
export function lazyUntilUsed<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  return { Component: lazy(preload), preload };
}

/**
 * Fetches a lazy component's code (`preload` of lazyUntilUsed) once the browser is idle after the
 * first render, or after PRELOAD_IDLE_TIMEOUT_MS. A failed fetch is left to the component's own
 * render, which tries again.
 */
export function usePreloadWhenIdle(preload: () => Promise<unknown>) {
  useEffect(() => whenIdle(() => void preload().catch(() => undefined), PRELOAD_IDLE_TIMEOUT_MS), [preload]);
}

/** What the stand-in's field spreads on itself, so that UntilUsed knows when it is used. */
export type StandInHandlers = {
  onMouseDown: (event: MouseEvent) => void;
  onClick: () => void;
  onFocus: () => void;
};

type UntilUsedProps = {
  /** The control's code, fetched once the browser is idle after the first render (`preload` of lazyUntilUsed). */
  preload: () => Promise<unknown>;
  /** The field that looks like the control, with the handlers spread on it. */
  standIn: (handlers: StandInHandlers) => ReactNode;
  /** The control itself, once the stand-in has been used, and how. */
  children: (reachedBy: ReachedBy) => ReactNode;
};

/**
 * The stand-in until it is used, then the control (the stand-in again while its code arrives).
 * A press does not focus the stand-in (a focus would swap it out between the press and its click,
 * which then reached neither); its click does the swap, and the control takes the focus in its place.
 */
export function UntilUsed({ preload, standIn, children }: UntilUsedProps) {
  const [reachedBy, setReachedBy] = useState<ReachedBy | null>(null);
  usePreloadWhenIdle(preload);
  const field = standIn({
    onMouseDown: (event) => event.preventDefault(),
    onClick: () => setReachedBy('press'),
    onFocus: () => setReachedBy((was) => was ?? 'focus'),
  });
  if (!reachedBy) return field;
  return <Suspense fallback={field}>{children(reachedBy)}</Suspense>;
}
