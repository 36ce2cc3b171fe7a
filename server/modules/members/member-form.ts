import type { Context } from 'hono';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { MAX_PROFILE_PICTURE_BYTES, memberMessages } from '../../../contract/member.ts';
import { messages } from '../../../contract/messages.ts';
import { imageExtension } from '../../files/profile-pictures.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';

/** The member form is multipart with a picture; a little over the picture limit for the other fields. */
export const MEMBER_FORM_MAX_BYTES = MAX_PROFILE_PICTURE_BYTES + 1024 * 1024;

const BOOLEAN_FIELDS = new Set(['resetPassword', 'removeProfilePicture']);
const ARRAY_FIELDS = new Set(['roleId']);
/** `roleId[0]`, `roleId[1]`… as the client sends arrays; `roleId[]` is taken too. */
const INDEXED = /^([A-Za-z]+)\[(\d*)\]$/;

export type MemberForm = {
  fields: Record<string, unknown>;
  picture: { bytes: Uint8Array; extension: 'png' | 'gif' | 'jpg' } | undefined;
  /** Problems with the picture, reported with the schema's field errors. */
  pictureErrors: FieldErrors;
};

/**
 * The form data as the object the contract's schema validates: indexed keys become arrays in
 * index order, 'true'/'false' become booleans (anything else is left for the schema to refuse),
 * and the picture is checked by its bytes. A JSON body (no picture) is read as is.
 */
export async function readMemberForm(c: Context<AppEnv>): Promise<MemberForm> {
  const contentType = c.req.header('content-type') ?? '';
  if (/^application\/json\b/i.test(contentType)) {
    const fields = await c.req.json().catch(() => {
      throw new ApiError(400, messages.malformedJson);
    });
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
      throw new ApiError(400, messages.malformedJson);
    return { fields: fields as Record<string, unknown>, picture: undefined, pictureErrors: {} };
  }
  const form = await c.req.formData().catch(() => {
    throw new ApiError(400, messages.malformedForm);
  });

  const fields: Record<string, unknown> = {};
  const arrays = new Map<string, { index: number; value: string }[]>();
  let file: File | undefined;
  for (const [key, value] of form.entries()) {
    if (key === 'profilePicture') {
      // A form without a chosen file still sends an empty part; that means "no new picture".
      if (typeof value !== 'string' && value.size > 0) file = value;
      continue;
    }
    if (typeof value !== 'string') continue;
    const indexed = INDEXED.exec(key);
    const name = indexed?.[1] ?? key;
    if (indexed || ARRAY_FIELDS.has(name)) {
      const items = arrays.get(name) ?? [];
      const position = indexed?.[2] ? Number(indexed[2]) : Number.MAX_SAFE_INTEGER;
      items.push({ index: position, value });
      arrays.set(name, items);
    } else if (BOOLEAN_FIELDS.has(key) && (value === 'true' || value === 'false')) {
      fields[key] = value === 'true';
    } else {
      fields[key] = value;
    }
  }
  for (const [name, items] of arrays) {
    // A stable sort keeps `roleId[]` and repeated keys in the order they came.
    fields[name] = items.sort((a, b) => a.index - b.index).map((item) => item.value);
  }

  if (!file) return { fields, picture: undefined, pictureErrors: {} };
  if (file.size > MAX_PROFILE_PICTURE_BYTES) {
    return { fields, picture: undefined, pictureErrors: { profilePicture: memberMessages.pictureSize } };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const extension = imageExtension(bytes);
  if (!extension) {
    return { fields, picture: undefined, pictureErrors: { profilePicture: memberMessages.pictureType } };
  }
  return { fields, picture: { bytes, extension }, pictureErrors: {} };
}
