import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  hasOptions,
  profileFieldListQuery,
  profileFieldMessages,
  profileFieldSchema,
  profileFieldUpdateSchema,
} from '../../../contract/profile-fields.ts';
import { toFieldErrors } from '../../../contract/validation.ts';

const GROUP = '6f1c2b1e-2a4b-4c8d-9e0f-123456789abc';
const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('profile field schema', () => {
  it('knows which types take options', () => {
    expect(['select', 'radio', 'checkbox'].every(hasOptions)).toBe(true);
    expect(['text', 'textarea', 'number', 'date', 'color', ''].some(hasOptions)).toBe(false);
  });

  it('requires options for a choice type, under the option field', () => {
    expect(errorsOf(profileFieldSchema, { name: 'Size', type: 'select', group: GROUP })).toEqual({
      option: profileFieldMessages.optionRequired,
    });
  });

  it('drops options sent with a type that has none, and trims what it keeps', () => {
    expect(
      v.parse(profileFieldSchema, { name: ' Notes ', type: 'text', group: GROUP, option: ['x'] }),
    ).toEqual({
      name: 'Notes',
      type: 'text',
      group: GROUP,
      option: [],
      required: false,
    });
    expect(
      v.parse(profileFieldSchema, { name: 'Size', type: 'radio', group: GROUP, option: [' S ', 'M'] }).option,
    ).toEqual(['S', 'M']);
  });

  it("gives each missing field the spec's message, and wants a version on update", () => {
    expect(errorsOf(profileFieldUpdateSchema, {})).toEqual({
      name: profileFieldMessages.nameRequired,
      type: profileFieldMessages.typeRequired,
      group: profileFieldMessages.groupRequired,
      version: profileFieldMessages.versionRequired,
    });
  });

  it('lets a bad filter value fall back to no filter', () => {
    const query = v.parse(profileFieldListQuery, { type: 'color', group: 'x', status: 'maybe', page: '0' });
    expect(query).toMatchObject({ type: undefined, group: undefined, status: 'all', page: 1 });
  });
});
