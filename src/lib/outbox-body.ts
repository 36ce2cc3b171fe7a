import type { FieldErrors } from '@contract/envelope';
import { memberMessages } from '@contract/member';
import { getEntry, type OutboxEntry } from '../../sw/outbox/store.ts';

/**
 * A stored change's body as fields a person can correct: the text values of a JSON object or of a
 * multipart form. Everything else (files, nested values, ids) is kept as it was and sent again unchanged.
 * `label` is the one the change's form gives the field; `error` is the refusal's word on it.
 */
export type EditableField = {
  name: string;
  label: string;
  value: string;
  kind: 'text' | 'number' | 'boolean';
  error?: string;
};

export type EditableBody = {
  seq: number;
  contentType: string | null;
  fields: EditableField[];
  /** Rebuilds the body with the edited values, in the original order, as the worker stores it. */
  rebuild: (values: Record<string, string>) => Promise<{ body: ArrayBuffer; contentType: string | null }>;
};

/** The forms' own labels for the fields their stored changes carry; other names are spelled out. */
const FORM_LABELS: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  resetPassword: 'Require Password Reset',
  removeProfilePicture: 'Remove Profile Image',
};

/** Switches of the member form: a multipart body carries them as the text 'true' or 'false'. */
const BOOLEAN_FIELDS = new Set(['resetPassword', 'removeProfilePicture']);

/**
 * A refusal whose message is one field's own (a taken email) goes under that field. The worker
 * keeps the server's message and status, not the body's `errors`, so a message that names no field
 * (a 422's 'The given data was invalid.') stays above the form.
 */
const FIELD_OF_MESSAGE: Record<string, string> = {
  [memberMessages.duplicateEmail]: 'email',
  [memberMessages.emailInvalid]: 'email',
  [memberMessages.emailRequired]: 'email',
  [memberMessages.firstNameRequired]: 'firstName',
  [memberMessages.lastNameRequired]: 'lastName',
  [memberMessages.passwordRequired]: 'password',
  [memberMessages.passwordMin]: 'password',
  [memberMessages.confirmPasswordRequired]: 'confirmPassword',
  [memberMessages.passwordMismatch]: 'confirmPassword',
};

/** The refusal's messages by field, for a change the server refused (409 or 422). */
export function refusalErrors(entry: Pick<OutboxEntry, 'lastError' | 'lastStatus'>): FieldErrors {
  const { lastError, lastStatus } = entry;
  if (!lastError || (lastStatus !== 409 && lastStatus !== 422)) return {};
  const field = FIELD_OF_MESSAGE[lastError];
  return field ? { [field]: lastError } : {};
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids name records; changing one would make it another change, not a correction. */
const editable = (value: string) => !UUID.test(value);

function field(name: string, value: string, kind: EditableField['kind'], errors: FieldErrors): EditableField {
  const error = errors[name];
  return { name, label: fieldLabel(name), value, kind, ...(error ? { error } : {}) };
}

function jsonBody(seq: number, contentType: string | null, text: string, errors: FieldErrors) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  const fields: EditableField[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (typeof value === 'string' && editable(value)) fields.push(field(name, value, 'text', errors));
    if (typeof value === 'number') fields.push(field(name, String(value), 'number', errors));
    if (typeof value === 'boolean') fields.push(field(name, String(value), 'boolean', errors));
  }
  return {
    seq,
    contentType,
    fields,
    rebuild: async (values: Record<string, string>) => {
      const next: Record<string, unknown> = { ...record };
      for (const entry of fields) {
        const value = values[entry.name] ?? entry.value;
        next[entry.name] =
          entry.kind === 'number' ? Number(value) : entry.kind === 'boolean' ? value === 'true' : value;
      }
      return { body: new TextEncoder().encode(JSON.stringify(next)).buffer as ArrayBuffer, contentType };
    },
  };
}

async function multipartBody(
  seq: number,
  contentType: string,
  body: ArrayBuffer,
  errors: FieldErrors,
): Promise<EditableBody> {
  const form = await new Response(body, { headers: { 'Content-Type': contentType } }).formData();
  const parts = [...form.entries()];
  const fields: EditableField[] = parts
    .filter((part): part is [string, string] => typeof part[1] === 'string' && editable(part[1]))
    .map(([name, value]) =>
      BOOLEAN_FIELDS.has(name) && (value === 'true' || value === 'false')
        ? field(name, value, 'boolean', errors)
        : field(name, value, 'text', errors),
    );
  return {
    seq,
    contentType,
    fields,
    rebuild: async (values) => {
      const next = new FormData();
      for (const [name, value] of parts) {
        const edited = typeof value === 'string' ? (values[name] ?? value) : value;
        next.append(name, edited);
      }
      // The request serializes the form (and picks a new boundary); the worker stores the bytes whole.
      // Its address is never used: only the body and its type are kept.
      const request = new Request('http://outbox.invalid/', { method: 'POST', body: next });
      return { body: await request.arrayBuffer(), contentType: request.headers.get('Content-Type') };
    },
  };
}

/** A stored change made editable, with the refusal's messages on their fields. */
export async function editableBody(
  entry: Pick<OutboxEntry, 'seq' | 'body' | 'contentType' | 'lastError' | 'lastStatus'>,
): Promise<EditableBody | null> {
  if (!entry.body) return null;
  const { seq, contentType } = entry;
  const errors = refusalErrors(entry);
  if (contentType?.startsWith('multipart/form-data'))
    return multipartBody(seq, contentType, entry.body, errors);
  if (contentType?.includes('json'))
    return jsonBody(seq, contentType, new TextDecoder().decode(entry.body), errors);
  return null;
}

/** Reads the change from the worker's outbox (the page shares its origin) and makes it editable. */
export async function readEditableBody(seq: number): Promise<EditableBody | null> {
  const entry = await getEntry(seq);
  return entry ? editableBody(entry) : null;
}

/** The form's own label, else spelled out: 'firstName' -> 'First Name', 'roleId[0]' -> 'Role id 1'. */
export function fieldLabel(name: string): string {
  const known = FORM_LABELS[name];
  if (known) return known;
  const words = name
    .replace(/\[(\d+)\]/g, (_, index: string) => ` ${Number(index) + 1}`)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
