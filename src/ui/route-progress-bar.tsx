import { getDefaultZIndex, Progress } from '@mantine/core';

/**
 * The bar itself, loaded the first time a screen is slow: the first page load does not carry it.
 * No value: how far along a loader is cannot be known, so the bar says loading, not a percentage.
 */
export default function RouteProgressBar() {
  return (
    <Progress.Root
      role="progressbar"
      aria-label="Loading page"
      size={3}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: getDefaultZIndex('max') }}
    >
      <Progress.Section value={100} animated withAria={false} />
    </Progress.Root>
  );
}
