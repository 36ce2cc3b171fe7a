import type { EventCategoryRow } from '@contract/event-categories/resource';
import type { EventCategoryInput, EventCategoryUpdateInput } from '@contract/event-categories/schemas';

export type EventCategoryFormValues = {
  title: string;
  description: string;
  status: boolean;
  version: number;
};

/** A new category is published unless its switch is turned off. */
export const emptyEventCategoryValues = (): EventCategoryFormValues => ({
  title: '',
  description: '',
  status: true,
  version: 1,
});

export const toEventCategoryFormValues = (category: EventCategoryRow): EventCategoryFormValues => ({
  title: category.title,
  description: category.description,
  status: category.status,
  version: category.version,
});

export const toEventCategoryInput = (values: EventCategoryFormValues): EventCategoryInput => ({
  title: values.title,
  description: values.description,
  status: values.status,
});

export const toEventCategoryUpdate = (values: EventCategoryFormValues): EventCategoryUpdateInput => ({
  ...toEventCategoryInput(values),
  version: values.version,
});
