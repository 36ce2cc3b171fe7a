import { CATEGORY_PATH_SEPARATOR, type CourseCategoryDetail } from '@contract/course-categories/resource';
import type { CourseCategoryInput, CourseCategoryUpdateInput } from '@contract/course-categories/schemas';

/** The Add/Edit Course Category form: Category Title and an optional parent ('' for none). */
export type CategoryFormValues = {
  name: string;
  parentId: string;
  /** Editing: the version read, so a change made meanwhile is not overwritten. */
  version: number;
};

export const emptyCategoryValues = (): CategoryFormValues => ({ name: '', parentId: '', version: 1 });

export function toCategoryFormValues(category: CourseCategoryDetail): CategoryFormValues {
  return { name: category.name, parentId: category.parentId ?? '', version: category.version };
}

/** What is sent: a top-level category has the parent null. */
export function toCategoryInput(values: CategoryFormValues): CourseCategoryInput {
  return { name: values.name, parentId: values.parentId === '' ? null : values.parentId };
}

/** The body of an update: the fields and the version the form started from. */
export function toCategoryUpdate(values: CategoryFormValues): CourseCategoryUpdateInput {
  return { ...toCategoryInput(values), version: values.version };
}

/**
 * The path of a category's parent, from the category's own path ('Safety / Forklifts' under
 * 'Safety'): what the parent picker shows before its list has loaded. Cut at the category's own
 * title rather than split on the separator, which a title may contain.
 */
export function parentPathOf(category: Pick<CourseCategoryDetail, 'name' | 'path' | 'parentId'>): string {
  if (category.parentId === null) return '';
  const tail = `${CATEGORY_PATH_SEPARATOR}${category.name}`;
  return category.path.endsWith(tail) ? category.path.slice(0, -tail.length) : '';
}
