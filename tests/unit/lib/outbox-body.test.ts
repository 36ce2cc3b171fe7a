import { memberMessages } from '@contract/member';
import { messages } from '@contract/messages';
import { describe, expect, it } from 'vitest';
import { editableBody, fieldLabel, refusalErrors } from '@/lib/outbox-body';

const TEAM = '00000000-0000-4000-8000-000000000001';

/** A member form's multipart body as the page sends it. */
async function memberBody(resetPassword: 'true' | 'false') {
  const form = new FormData();
  form.append('firstName', 'Edna');
  form.append('email', 'taken@example.com');
  form.append('password', 'secret12');
  form.append('teamId', TEAM);
  form.append('resetPassword', resetPassword);
  form.append('profilePicture', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'me.png');
  const request = new Request('http://test.invalid/', { method: 'POST', body: form });
  return { body: await request.arrayBuffer(), contentType: request.headers.get('Content-Type') };
}

describe('editableBody', () => {
  it('offers a multipart switch as a switch with the form label, and puts a taken email under Email', async () => {
    const stored = await memberBody('false');
    const body = await editableBody({
      seq: 1,
      ...stored,
      lastError: memberMessages.duplicateEmail,
      lastStatus: 409,
    });
    expect(body?.fields).toEqual([
      { name: 'firstName', label: 'First Name', value: 'Edna', kind: 'text' },
      {
        name: 'email',
        label: 'Email',
        value: 'taken@example.com',
        kind: 'text',
        error: memberMessages.duplicateEmail,
      },
      { name: 'password', label: 'Password', value: 'secret12', kind: 'text' },
      { name: 'resetPassword', label: 'Require Password Reset', value: 'false', kind: 'boolean' },
    ]);
  });

  it('sends the switch again as the text the server reads, with the id and the file as they were', async () => {
    const body = await editableBody({
      seq: 1,
      ...(await memberBody('false')),
      lastError: null,
      lastStatus: null,
    });
    const rebuilt = await body?.rebuild({ resetPassword: 'true', email: 'fixed@example.com' });
    const sent = await new Response(rebuilt?.body, {
      headers: { 'Content-Type': rebuilt?.contentType ?? '' },
    }).formData();
    expect(sent.get('resetPassword')).toBe('true');
    expect(sent.get('email')).toBe('fixed@example.com');
    expect(sent.get('teamId')).toBe(TEAM);
    const picture = sent.get('profilePicture');
    expect(picture).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await (picture as Blob).arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('keeps JSON booleans as switches and numbers as numbers', async () => {
    const json = JSON.stringify({ name: 'Gold', status: true, sort: 2, groupId: TEAM });
    const body = await editableBody({
      seq: 2,
      body: new TextEncoder().encode(json).buffer as ArrayBuffer,
      contentType: 'application/json',
      lastError: null,
      lastStatus: null,
    });
    expect(body?.fields.map((field) => [field.name, field.kind])).toEqual([
      ['name', 'text'],
      ['status', 'boolean'],
      ['sort', 'number'],
    ]);
    const rebuilt = await body?.rebuild({ status: 'false', sort: '3' });
    expect(JSON.parse(new TextDecoder().decode(rebuilt?.body))).toEqual({
      name: 'Gold',
      status: false,
      sort: 3,
      groupId: TEAM,
    });
  });
});

describe('refusalErrors', () => {
  it('places only a refusal whose message is a field message', () => {
    expect(refusalErrors({ lastError: memberMessages.duplicateEmail, lastStatus: 409 })).toEqual({
      email: memberMessages.duplicateEmail,
    });
    expect(refusalErrors({ lastError: messages.validationFailed, lastStatus: 422 })).toEqual({});
    // A failure that was no refusal (no answer, a server error) belongs to no field.
    expect(refusalErrors({ lastError: memberMessages.duplicateEmail, lastStatus: null })).toEqual({});
  });
});

describe('fieldLabel', () => {
  it("uses the form's label when it knows the field, and spells out the others", () => {
    expect(fieldLabel('resetPassword')).toBe('Require Password Reset');
    expect(fieldLabel('confirmPassword')).toBe('Confirm Password');
    expect(fieldLabel('roleId[0]')).toBe('Role id 1');
  });
});
