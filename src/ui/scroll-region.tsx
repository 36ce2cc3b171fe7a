import { Box, Group, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Whether the element's content is wider than the element, kept up to date as either resizes.
 * The element must be mounted with the component that calls this.
 */
export function useHorizontalOverflow<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  overflowing: boolean;
} {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}

/**
 * What a scroll area that overflows sideways needs so a keyboard can scroll it (WCAG 2.1.1): a tab
 * stop, and a name to announce when it is reached.
 */
export function scrollRegionProps(label: string, overflowing: boolean) {
  return overflowing
    ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` }
    : { tabIndex: undefined, role: undefined, 'aria-label': undefined };
}

/** The visible word that a table goes on past the right edge. */
export function ScrollHint() {
  return (
    <Group gap={4} c="dimmed" wrap="nowrap">
      <IconArrowsHorizontal size={14} aria-hidden />
      <Text size="xs">Scroll sideways to see every column.</Text>
    </Group>
  );
}

/** A plain table that may scroll sideways: says so when it does, and a keyboard can reach it. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  const { ref, overflowing } = useHorizontalOverflow<HTMLDivElement>();
  return (
    <Box>
      {overflowing ? <ScrollHint /> : null}
      <Box ref={ref} style={{ overflowX: 'auto' }} {...scrollRegionProps(label, overflowing)}>
        {children}
      </Box>
    </Box>
  );
}
