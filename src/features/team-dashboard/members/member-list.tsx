import { MEMBER_LIST_MAX_HEIGHT_PX } from '@contract/constants';
import type { TeamMemberCard } from '@contract/team-dashboard';
import { Box, Button, Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import {
  elementScroll,
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { type ReactNode, startTransition, type UIEvent, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { useOnline } from '@/ui/use-online';
import { columnsForWidth, isNearBottom, rowCount, rowItems } from './list-layout';
import { MemberCard, type MemberCardActions } from './member-card';

/** A row of cards is about this tall before it is measured. */
const ROW_ESTIMATE_PX = 236;
/**
 * The box's size before it is measured: as tall as it may grow. The first render (a transition
 * React splits into short slices) then already holds the rows in view; measured from a zero height,
 * it held none, and the cards were rendered in the synchronous update that follows the box's first
 * measurement, in one long task.
 */
const INITIAL_RECT = { width: 0, height: MEMBER_LIST_MAX_HEIGHT_PX };

/**
 * The box's size as its ResizeObserver reports it, instead of also reading it at once with
 * getBoundingClientRect: that read, in React's commit, made the browser lay the whole page out
 * before the cards' render was done, and again after. The observer reports after the browser's own
 * layout; until then the box is INITIAL_RECT.
 */
function observeBoxRect(
  instance: Virtualizer<HTMLDivElement, HTMLDivElement>,
  onRect: (rect: { width: number; height: number }) => void,
) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return observeElementRect(instance, onRect);
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize?.[0];
    if (box) onRect({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
    else onRect({ width: element.offsetWidth, height: element.offsetHeight });
  });
  observer.observe(element, { box: 'border-box' });
  return () => observer.disconnect();
}

/**
 * A row's height: on its first mount the estimate (or the height it had before), measured for real
 * when its ResizeObserver first reports, just after the browser's layout, rather than read in
 * React's commit, where each row's read laid the page out again.
 */
function measureRow(
  element: HTMLDivElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, HTMLDivElement>,
): number {
  if (entry) return measureElement(element, entry, instance);
  const key = instance.options.getItemKey(instance.indexFromElement(element));
  return instance.itemSizeCache.get(key) ?? ROW_ESTIMATE_PX;
}

/** The scroll boxes the list has written a position to, or skipped writing the top of. */
const placedBoxes = new WeakSet<Element>();

/**
 * Scrolls the box as the virtualizer asks, except for its first write to a new box when that is the
 * top: a new box is already there, and the write, made in React's commit, only made the browser lay
 * the whole page out before the cards had painted.
 */
const scrollBox: VirtualizerOptions<HTMLDivElement, HTMLDivElement>['scrollToFn'] = (
  offset,
  options,
  instance,
) => {
  const element = instance.scrollElement;
  if (element && !placedBoxes.has(element)) {
    placedBoxes.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
};

/** Rows rendered beyond the box's edges once the first cards have painted. */
const OVERSCAN_ROWS = 2;

/**
 * No rows beyond the box on the list's first render, then OVERSCAN_ROWS from a transition once the
 * browser is idle: the rows in view paint sooner, and the rows that make a scroll smooth come after.
 */
function useOverscan(): number {
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    return whenIdle(() => startTransition(() => setOverscan(OVERSCAN_ROWS)), 2000);
  }, []);
  return overscan;
}

type MemberListProps = MemberCardActions & {
  teamId: string;
  members: TeamMemberCard[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  resendingId: string | null;
};

/**
 * The member cards in a scroll box of at most 650 px. Only the rows in view (and a few either side)
 * are in the DOM, so ten thousand members scroll as lightly as twenty; the next page is requested
 * when the box is scrolled to within 20 px of its bottom.
 */
export function MemberList({
  teamId,
  members,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  resendingId,
  ...actions
}: MemberListProps) {
  const online = useOnline();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  const ref = useMergedRef(scrollRef, sizeRef);
  const columns = columnsForWidth(width);
  const rows = rowCount(members.length, columns);
  const overscan = useOverscan();

  const virtualizer = useVirtualizer({
    // One more row at the end for the loader or 'No More Record'.
    count: rows + 1,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan,
    scrollToFn: scrollBox,
    initialRect: INITIAL_RECT,
    observeElementRect: observeBoxRect,
    measureElement: measureRow,
    // Measurements re-render the list as an ordinary update, batched with the others, instead of
    // each one forcing a synchronous render from inside React's commit.
    useFlushSync: false,
  });

  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage && online) void fetchNextPage();
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (isNearBottom(event.currentTarget)) loadMore();
  };

  return (
    <Box
      ref={ref}
      onScroll={onScroll}
      role="region"
      aria-label="Team members"
      tabIndex={0}
      mah={MEMBER_LIST_MAX_HEIGHT_PX}
      style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start}px)`,
            }}
          >
            {item.index < rows ? (
              <SimpleGrid cols={columns} spacing="sm" pb="sm">
                {rowItems(members, item.index, columns).map((member) => (
                  <MemberCard
                    key={member._id}
                    member={member}
                    teamId={teamId}
                    resending={resendingId === member._id}
                    {...actions}
                  />
                ))}
              </SimpleGrid>
            ) : (
              <ListEnd
                empty={members.length === 0}
                hasNextPage={hasNextPage}
                loading={isFetchingNextPage}
                online={online}
                onLoadMore={loadMore}
              />
            )}
          </div>
        ))}
      </div>
    </Box>
  );
}

type ListEndProps = {
  empty: boolean;
  hasNextPage: boolean;
  loading: boolean;
  online: boolean;
  onLoadMore: () => void;
};

function ListEnd({ empty, hasNextPage, loading, online, onLoadMore }: ListEndProps) {
  let content: ReactNode;
  if (loading) content = <Loader size="sm" aria-label="Loading more members" />;
  else if (!hasNextPage)
    content = <Text c="dimmed">{empty ? 'No team members found.' : 'No More Record'}</Text>;
  else if (!online)
    content = (
      <Text c="dimmed" ta="center">
        {empty ? 'No saved member matches. ' : ''}More members load when you are back online.
      </Text>
    );
  else
    content = (
      <Button variant="subtle" size="xs" onClick={onLoadMore}>
        Load more
      </Button>
    );
  return (
    <Center py="md" mih={56}>
      {content}
    </Center>
  );
}
