import type { TooltipProps } from '@mantine/core';
import { Suspense } from 'react';
import { lazyUntilUsed, usePreloadWhenIdle } from './until-used';

const tooltip = lazyUntilUsed<TooltipProps>(() => import('./mantine-tooltip'));

/**
 * Mantine's Tooltip, whose code (with its positioning library) is not in the first load of the
 * screens that show one: it is fetched once the browser is idle, and until it is in, the target
 * shows without its tooltip. Only a desktop sidebar has tooltips, so a phone never needs it.
 */
export function DeferredTooltip({ children, ...props }: TooltipProps) {
  usePreloadWhenIdle(tooltip.preload);
  return (
    <Suspense fallback={children}>
      <tooltip.Component {...props}>{children}</tooltip.Component>
    </Suspense>
  );
}
