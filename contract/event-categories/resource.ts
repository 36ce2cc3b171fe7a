import type { AdminRow } from '../admin-list.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/**
 * Event categories (spec 2 `/app/event-management/event-category`, 7 `/event/category` and
 * `/event/category-operation`): the kinds of event the events administration files its events
 * under. Added and edited in a dialog on the list, as the spec names no add or edit route.
 */
export const eventCategoryResource = defineResource({
  path: '/event/category',
  module: 'event-management',
  submodule: 'event-category',
  statusWords: 'publish',
  noun: 'event category',
});

export const eventCategoryPaths = {
  ...resourcePaths(eventCategoryResource),
  /**
   * PATCH `{ operation: 'publish' | 'unpublish' | 'delete', bulkId }` (spec 7 "PATCH operation"):
   * the same changes as the bulk routes, each with their message. The route needs the publish
   * right; a delete needs the delete right besides.
   */
  operation: '/event/category-operation',
} as const;

export const EVENT_CATEGORY_TITLE_MAX = 100;
export const EVENT_CATEGORY_DESCRIPTION_MAX = 2000;

export const eventCategoryMessages = {
  // The spec's message for a category's title (section 5).
  titleRequired: 'Category Title is required.',
  titleTooLong: `Category Title must be at most ${EVENT_CATEGORY_TITLE_MAX} characters.`,
  titleTaken: 'An event category with this title already exists.',
  descriptionTooLong: `Description must be at most ${EVENT_CATEGORY_DESCRIPTION_MAX} characters.`,
  statusInvalid: 'Status must be true or false.',
} as const;

/** A row of the Event Categories list; the edit dialog opens from it. */
export type EventCategoryRow = AdminRow & {
  title: string;
  description: string;
  createdAt: string;
};
