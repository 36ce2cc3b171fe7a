import { courseCategoryMessages } from '@contract/course-categories/resource';
import { courseCategorySchema, courseCategoryUpdateSchema } from '@contract/course-categories/schemas';
import { toFieldErrors } from '@contract/validation';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  emptyCategoryValues,
  parentPathOf,
  toCategoryFormValues,
  toCategoryInput,
  toCategoryUpdate,
} from '@/features/course-categories/form-values';
import { toParentPage } from '@/features/course-categories/queries';

const SAFETY = '11111111-1111-4111-8111-111111111111';
const FORKLIFTS = '22222222-2222-4222-8222-222222222222';

const forklifts = {
  _id: FORKLIFTS,
  name: 'Forklifts',
  parentId: SAFETY,
  path: 'Safety / Forklifts',
  status: true,
  version: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('the course category form', () => {
  it('sends no parent as null, and a chosen one as its id', () => {
    expect(toCategoryInput({ ...emptyCategoryValues(), name: 'Safety' })).toEqual({
      name: 'Safety',
      parentId: null,
    });
    expect(toCategoryInput({ name: 'Forklifts', parentId: SAFETY, version: 1 })).toEqual({
      name: 'Forklifts',
      parentId: SAFETY,
    });
  });

  it('starts an edit from the record, and sends back the version it read', () => {
    const values = toCategoryFormValues(forklifts);
    expect(values).toEqual({ name: 'Forklifts', parentId: SAFETY, version: 3 });
    expect(toCategoryUpdate(values)).toEqual({ name: 'Forklifts', parentId: SAFETY, version: 3 });
    expect(toCategoryFormValues({ ...forklifts, parentId: null, path: 'Forklifts' }).parentId).toBe('');
  });

  it("checks what it would send with the contract's messages", () => {
    const empty = v.safeParse(courseCategorySchema, toCategoryInput(emptyCategoryValues()));
    expect(empty.success).toBe(false);
    if (!empty.success)
      expect(toFieldErrors(empty.issues)).toEqual({ name: courseCategoryMessages.nameRequired });
    // An empty parent is no parent, not an invalid id.
    expect(
      v.safeParse(courseCategorySchema, toCategoryInput({ name: 'Top', parentId: '', version: 1 })).success,
    ).toBe(true);
    expect(
      v.safeParse(courseCategoryUpdateSchema, toCategoryUpdate(toCategoryFormValues(forklifts))).success,
    ).toBe(true);
  });
});

describe("a category's parent path", () => {
  it('is its own path without its title', () => {
    expect(parentPathOf(forklifts)).toBe('Safety');
    expect(parentPathOf({ name: 'Coaching', parentId: SAFETY, path: 'Leadership / People / Coaching' })).toBe(
      'Leadership / People',
    );
  });

  it('keeps a title that contains the separator whole', () => {
    expect(parentPathOf({ name: 'A / B', parentId: SAFETY, path: 'Top / A / B' })).toBe('Top');
    expect(parentPathOf({ name: 'Child', parentId: SAFETY, path: 'In / Out / Child' })).toBe('In / Out');
  });

  it('is empty at the top of the tree', () => {
    expect(parentPathOf({ name: 'Safety', parentId: null, path: 'Safety' })).toBe('');
  });
});

describe('the parent picker', () => {
  it('lists each option by its path, and knows how many pages there are', () => {
    expect(
      toParentPage({
        data: [{ _id: FORKLIFTS, name: 'Forklifts', path: 'Safety / Forklifts' }],
        page: 1,
        limit: 20,
        total: 21,
        totalPages: 2,
      }),
    ).toEqual({
      data: [{ _id: FORKLIFTS, title: 'Safety / Forklifts' }],
      page: 1,
      limit: 20,
      total: 21,
      totalPage: 2,
    });
  });
});
