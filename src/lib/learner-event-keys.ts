import type { OpenEventListQuery } from '@contract/events/attendees';

/**
 * Query keys of the learner's events: My Dashboard's events and calendar feed, Training Resources'
 * open events. A registration or a cancellation invalidates `all`, so both screens read it again.
 */
export const learnerEventKeys = {
  all: ['learner-events'] as const,
  mine: () => [...learnerEventKeys.all, 'mine'] as const,
  open: (query: OpenEventListQuery) => [...learnerEventKeys.all, 'open', query] as const,
  feed: () => [...learnerEventKeys.all, 'feed'] as const,
};
