import { randomUUID } from 'node:crypto';

/** The malformed values the malformed-input test sends: path ids, query values, bodies, headers. */

export const SQL = "' OR 1=1 --";
export const HTML = '<script>alert(1)</script>';
export const HUGE = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
/** Half of a UTF-16 pair alone: JSON can carry it, Unicode has no such character, jsonb refuses it. */
export const LONE_SURROGATE = 'a\ud800b';

/** Fields the v1 bodies use, by the kind of value the contract expects in them. */
const TEXT_FIELDS = ['name', 'title', 'trainingTitle', 'teamName', 'firstName', 'lastName', 'email'];
const SECRET_FIELDS = ['password', 'confirmPassword', 'newPassword', 'token'];
const ID_FIELDS = [
  'teamId',
  'roleId',
  'groupId',
  'userId',
  'memberId',
  'defaultTeamId',
  'adminstrationRoleId',
  'membershipId',
  'locationId',
  'departmentId',
  'fieldId',
];
const LIST_FIELDS = ['bulkId', 'courseIds', 'memberIds', 'userIds', 'options', 'permissions', 'rows'];
const OTHER_FIELDS = [
  'status',
  'type',
  'required',
  'version',
  'deadline',
  'assignTo',
  'action',
  'teamMemberType',
];
const ALL_FIELDS = [...TEXT_FIELDS, ...SECRET_FIELDS, ...ID_FIELDS, ...LIST_FIELDS, ...OTHER_FIELDS];

const every = (fields: string[], value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));

type BodyVariant = { name: string; body?: unknown; raw?: string; contentType?: string };

export const bodyVariants: BodyVariant[] = [
  { name: 'JSON that does not parse', raw: '{"name": ', contentType: 'application/json' },
  { name: 'plain text', raw: 'name=x', contentType: 'text/plain' },
  { name: 'a broken multipart form', raw: 'garbage', contentType: 'multipart/form-data; boundary=zzz' },
  { name: 'a JSON array', body: [] },
  { name: 'JSON null', raw: 'null', contentType: 'application/json' },
  { name: 'a JSON string', body: 'name' },
  { name: 'a JSON number', body: 42 },
  { name: 'no fields', body: {} },
  { name: 'numbers everywhere', body: every(ALL_FIELDS, 12345) },
  { name: 'arrays everywhere', body: every(ALL_FIELDS, ['x', 1]) },
  { name: 'objects everywhere', body: every(ALL_FIELDS, { $ne: null }) },
  { name: 'nulls everywhere', body: every(ALL_FIELDS, null) },
  { name: 'booleans everywhere', body: every(ALL_FIELDS, true) },
  // SQL and HTML where the contract expects an id, an email, a list or a choice: never valid there.
  {
    name: 'SQL in typed fields',
    body: { ...every([...ID_FIELDS, ...OTHER_FIELDS, 'email'], SQL), ...every(LIST_FIELDS, [SQL]) },
  },
  {
    name: 'HTML in typed fields',
    body: { ...every([...ID_FIELDS, ...OTHER_FIELDS, 'email'], HTML), ...every(LIST_FIELDS, [HTML]) },
  },
  { name: '100k-character strings', body: every([...TEXT_FIELDS, ...SECRET_FIELDS], HUGE) },
  { name: 'NUL characters', body: every(ALL_FIELDS, NUL) },
  // Alone, so a text column is reached without another field failing validation first.
  { name: 'NUL characters in text fields', body: every(TEXT_FIELDS, NUL) },
  { name: 'lone surrogates', body: every(ALL_FIELDS, LONE_SURROGATE) },
  { name: 'lone surrogates in text fields', body: every(TEXT_FIELDS, LONE_SURROGATE) },
  { name: 'numbers past a database integer', body: every(OTHER_FIELDS, 2 ** 53) },
  { name: 'a version past a database integer', body: { version: 2 ** 31 } },
  { name: 'an empty bulk selection', body: { bulkId: [] } },
  { name: 'a bulk selection that is a string', body: { bulkId: randomUUID() } },
  { name: 'a bulk selection of non-ids', body: { bulkId: [SQL, HTML, NUL, 7, null] } },
  { name: 'a bulk selection of 501 ids', body: { bulkId: Array.from({ length: 501 }, () => randomUUID()) } },
];

export const queryVariants: Record<string, string | string[]>[] = [
  { page: '-1', limit: '0' },
  { page: 'abc', limit: 'abc' },
  { page: '99999999999999999999', limit: '100000' },
  { page: '1.5', limit: '-10' },
  { status: 'maybe', sort: 'sideways', administrative: 'perhaps' },
  { status: ['true', 'false'], search: ['a', 'b'] },
  { search: SQL, fullName: SQL, team: SQL, user_group: SQL, membership: SQL, membership_role: SQL },
  { search: HTML, fullName: HTML, team: HTML, type: HTML },
  { search: HUGE },
  { search: NUL, fullName: NUL, team: NUL, user_group: NUL },
  { team: 'not-a-uuid', user_group: 'not-a-uuid', membership: '123', membership_role: '{}' },
];

export const pathValues = ['not-a-uuid', SQL, HTML, '0', HUGE, NUL, `${randomUUID()}x`];

/** Credentials and keys no session or write can have; each call is otherwise a plain one. */
export const headerVariants: Record<string, string>[] = [
  { authorization: `Bearer ${SQL}` },
  { authorization: `Bearer ${HTML}` },
  { authorization: `Bearer ${HUGE}` },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
];

/**
 * Wrong values for a field that held `value`: a NUL, a lone surrogate, 100k characters, wrong
 * types, null, and a number past a database integer.
 */
export function spoil(value: unknown): unknown[] {
  const text = typeof value === 'string' ? value : 'x';
  const candidates = [
    `${text}\u0000`,
    `${text}\ud800`,
    HUGE,
    12345,
    2 ** 31,
    [text],
    { value: text },
    null,
    true,
  ];
  return candidates.filter((candidate) => JSON.stringify(candidate) !== JSON.stringify(value));
}
