import { useMediaQuery } from '@mantine/hooks';

/** Mantine's breakpoints (em), the ones `visibleFrom` and `hiddenFrom` use. */
const BREAKPOINTS = { xs: 36, sm: 48, md: 62, lg: 75 } as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/**
 * Whether the window is narrower than a breakpoint: `sm` is a phone, `md` a tablet. Read at the
 * first render (the app renders only in a browser), so a phone never flashes the desktop layout.
 */
export function useBelow(breakpoint: Breakpoint): boolean {
  return useMediaQuery(`(max-width: ${BREAKPOINTS[breakpoint] - 0.01}em)`, false, {
    getInitialValueInEffect: false,
  });
}
