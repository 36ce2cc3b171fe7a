import { getEntry } from '../../sw/outbox/store.ts';

/**
 * A stored change's body as fields a person can correct: the text values of a JSON object or of a
 * multipart form. Everything else (files, nested values, ids) is kept as it was and sent again unchanged.
 */
export type EditableField = { name: string; value: string; kind: 'text' | 'number' | 'boolean' };

export type EditableBody = {
  seq: number;
  contentType: string | null;
  fields: EditableField[];
  /** Rebuilds the body with the edited values, in the original order, as the worker stores it. */
  rebuild: (values: Record<string, string>) => Promise<{ body: ArrayBuffer; contentType: string | null }>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids name records; changing one would make it another change, not a correction. */
const editable = (value: string) => !UUID.test(value);

function jsonBody(seq: number, contentType: string | null, text: string): EditableBody | null {
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
    if (typeof value === 'string' && editable(value)) fields.push({ name, value, kind: 'text' });
    if (typeof value === 'number') fields.push({ name, value: String(value), kind: 'number' });
    if (typeof value === 'boolean') fields.push({ name, value: String(value), kind: 'boolean' });
  }
  return {
    seq,
    contentType,
    fields,
    rebuild: async (values) => {
      const next: Record<string, unknown> = { ...record };
      for (const field of fields) {
        const value = values[field.name] ?? field.value;
        next[field.name] =
          field.kind === 'number' ? Number(value) : field.kind === 'boolean' ? value === 'true' : value;
      }
      return { body: new TextEncoder().encode(JSON.stringify(next)).buffer as ArrayBuffer, contentType };
    },
  };
}

async function multipartBody(seq: number, contentType: string, body: ArrayBuffer): Promise<EditableBody> {
  const form = await new Response(body, { headers: { 'Content-Type': contentType } }).formData();
  const parts = [...form.entries()];
  const fields: EditableField[] = parts
    .filter((part): part is [string, string] => typeof part[1] === 'string' && editable(part[1]))
    .map(([name, value]) => ({ name, value, kind: 'text' }));
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
      // The browser serializes the form (and picks a new boundary); the worker stores the bytes whole.
      const request = new Request(location.origin, { method: 'POST', body: next });
      return { body: await request.arrayBuffer(), contentType: request.headers.get('Content-Type') };
    },
  };
}

/** Reads the change from the worker's outbox (the page shares its origin) and makes it editable. */
export async function readEditableBody(seq: number): Promise<EditableBody | null> {
  const entry = await getEntry(seq);
  if (!entry?.body) return null;
  const contentType = entry.contentType;
  if (contentType?.startsWith('multipart/form-data')) return multipartBody(seq, contentType, entry.body);
  if (contentType?.includes('json')) return jsonBody(seq, contentType, new TextDecoder().decode(entry.body));
  return null;
}

/** 'firstName' -> 'First name', 'roleId[0]' -> 'Role id 1'. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/\[(\d+)\]/g, (_, index: string) => ` ${Number(index) + 1}`)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
