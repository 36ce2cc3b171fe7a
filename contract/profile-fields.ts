import * as v from 'valibot';
import { type AdminRow, versionField } from './admin-list.ts';
import { PROFILE_FIELD_TYPE_IDS, type ProfileFieldTypeId } from './admin-list-queries.ts';
import { defineResource } from './resource.ts';
import { noNul } from './validation.ts';

export const profileFieldResource = defineResource({
  path: '/user-profile-field',
  module: 'user-management',
  submodule: 'users-profile-field',
  statusWords: 'publish',
  noun: 'profile field',
});

/** User profile fields (spec: Profile field: name, type, group, option) and their groups and types. */
export const profileFieldMessages = {
  nameRequired: 'Name is required.',
  typeRequired: 'Type is required.',
  groupRequired: 'Group is required.',
  optionRequired: 'Option field is required.',
  nameTooLong: 'Name must be at most 100 characters.',
  optionTooLong: 'Each option must be at most 200 characters.',
  optionsTooMany: 'A field can have at most 50 options.',
  optionsDuplicate: 'Options must be different from each other.',
  versionRequired: 'Version is required.',
  groupNameTaken: 'A group with this name already exists.',
} as const;

export const profileFieldPaths = {
  list: '/user-profile-field',
  /** PATCH to update; POST with no body flips published. */
  one: (fieldId: string) => `/user-profile-field/${fieldId}`,
  /** POST with no body flips whether the user form requires the field. */
  require: (fieldId: string) => `/user-profile-field/require/${fieldId}`,
  bulkPublish: '/user-profile-field/bulk-publish',
  bulkUnpublish: '/user-profile-field/bulk-unpublish',
  bulkDelete: '/user-profile-field/bulk-delete',
  /** GET the groups fields are filed under (ordered); POST `{ name }` adds one. */
  groups: '/user-profile-group',
  /** GET the field types. */
  types: '/dynamic-profile-field-type',
} as const;

/** The field types; choice types keep their options, the others have none. */
export const PROFILE_FIELD_TYPES = [
  { _id: 'text', name: 'Text', hasOptions: false },
  { _id: 'textarea', name: 'Text Area', hasOptions: false },
  { _id: 'number', name: 'Number', hasOptions: false },
  { _id: 'date', name: 'Date', hasOptions: false },
  { _id: 'select', name: 'Select', hasOptions: true },
  { _id: 'radio', name: 'Radio', hasOptions: true },
  { _id: 'checkbox', name: 'Checkbox', hasOptions: true },
] as const satisfies readonly { _id: ProfileFieldTypeId; name: string; hasOptions: boolean }[];
export type ProfileFieldType = (typeof PROFILE_FIELD_TYPES)[number];
export const hasOptions = (type: string): boolean =>
  PROFILE_FIELD_TYPES.some((entry) => entry._id === type && entry.hasOptions);

export const MAX_OPTIONS = 50;

export {
  PROFILE_FIELD_TYPE_IDS,
  type ProfileFieldListQuery,
  type ProfileFieldTypeId,
  profileFieldListQuery,
} from './admin-list-queries.ts';

// A missing field reads as empty so it gets the field's own message, not valibot's generic one.
const name = v.optional(
  v.pipe(
    v.string(profileFieldMessages.nameRequired),
    v.trim(),
    v.nonEmpty(profileFieldMessages.nameRequired),
    v.maxLength(100, profileFieldMessages.nameTooLong),
    noNul,
  ),
  '',
);
const type = v.optional(
  v.picklist(PROFILE_FIELD_TYPE_IDS, profileFieldMessages.typeRequired),
  '' as ProfileFieldTypeId,
);
const group = v.optional(
  v.pipe(v.string(profileFieldMessages.groupRequired), v.uuid(profileFieldMessages.groupRequired)),
  '',
);
const option = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        v.string(profileFieldMessages.optionRequired),
        v.trim(),
        v.nonEmpty(profileFieldMessages.optionRequired),
        v.maxLength(200, profileFieldMessages.optionTooLong),
        noNul,
      ),
      profileFieldMessages.optionRequired,
    ),
    v.maxLength(MAX_OPTIONS, profileFieldMessages.optionsTooMany),
    v.check(
      (options) => new Set(options.map((entry) => entry.toLowerCase())).size === options.length,
      profileFieldMessages.optionsDuplicate,
    ),
  ),
  [],
);
const required = v.optional(v.boolean('Required must be true or false.'), false);
const version = versionField(profileFieldMessages.versionRequired);

/** Choice types need at least one option. */
const optionsGiven = (input: { type: string; option: string[] }) =>
  !hasOptions(input.type) || input.option.length > 0;
/** The other types keep none: options sent with them are dropped. */
const dropUnusedOptions = <T extends { type: string; option: string[] }>(input: T): T =>
  hasOptions(input.type) ? input : { ...input, option: [] };

const fieldEntries = { name, type, group, option, required };

export const profileFieldSchema = v.pipe(
  v.object(fieldEntries),
  v.forward(v.partialCheck([['type'], ['option']], optionsGiven, profileFieldMessages.optionRequired), [
    'option',
  ]),
  v.transform(dropUnusedOptions),
);
export type ProfileFieldInput = v.InferInput<typeof profileFieldSchema>;
export type ProfileFieldOutput = v.InferOutput<typeof profileFieldSchema>;

export const profileFieldUpdateSchema = v.pipe(
  v.object({ ...fieldEntries, version }),
  v.forward(v.partialCheck([['type'], ['option']], optionsGiven, profileFieldMessages.optionRequired), [
    'option',
  ]),
  v.transform(dropUnusedOptions),
);
export type ProfileFieldUpdateInput = v.InferInput<typeof profileFieldUpdateSchema>;

export const profileGroupSchema = v.object({ name });
export type ProfileGroupInput = v.InferInput<typeof profileGroupSchema>;

export type ProfileGroup = { _id: string; name: string; sort: number };

export type ProfileFieldRow = AdminRow & {
  name: string;
  type: ProfileFieldTypeId;
  group: { _id: string; name: string };
  option: string[];
  required: boolean;
  createdAt: string;
};
