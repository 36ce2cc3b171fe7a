import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (from @mantine/hooks), with the same signature, built on React's own: the id
 * is known at the first render and never changes. Mantine's version renders with React's id, then
 * swaps in a random one from a layout effect: a second, synchronous render of every component that
 * uses it (each input, select, popover, tooltip and tab) inside React's commit, which on the team
 * dashboard was most of the commit's time on a phone. The build gives Mantine this one instead (see
 * vite.config.ts); the app's own code imports it from here.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  // React's ids hold characters (such as « and :) that a CSS selector would need escaped.
  return `mantine-${reactId.replace(/[^A-Za-z0-9_-]/g, '')}`;
}
