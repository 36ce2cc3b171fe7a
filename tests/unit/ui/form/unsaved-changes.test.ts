import { type UserGroupRow, userGroupSchema } from '@contract/user-groups';
import { type AnyFormApi, FieldApi, FormApi } from '@tanstack/react-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { hasUnsavedChanges, type SavedValues } from '@/ui/form/unsaved-changes';
import { recordFormOptions } from '@/ui/form/use-record-form';

vi.mock('@/lib/notify', () => ({ toast: { error: vi.fn() } }));

type Values = { name: string; version: number };

const saved = (name: string): UserGroupRow => ({
  _id: '11111111-1111-4111-8111-111111111111',
  name,
  version: 4,
  status: true,
  memberCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A user group's edit form as `useRecordForm` builds it, on a plain FormApi, with its saved values. */
function groupForm(save: (values: Values) => Promise<unknown> = async (values) => saved(values.name)) {
  const last: SavedValues<Values> = { current: undefined };
  const form = new FormApi(
    recordFormOptions(
      { defaultValues: { name: 'Sales', version: 3 }, schema: userGroupSchema, save },
      (api: AnyFormApi, values: Values) => api.reset(values),
      last,
    ),
  );
  form.mount();
  const name = new FieldApi({ form, name: 'name' });
  name.mount();
  return { form, name, unsaved: () => hasUnsavedChanges(form, last) };
}

describe('leaving a record form', () => {
  it('asks nothing when no field was changed', () => {
    const { unsaved } = groupForm();
    expect(unsaved()).toBe(false);
  });

  it('asks once a field differs from what the form started with', () => {
    const { name, unsaved } = groupForm();
    name.handleChange('Marketing');
    expect(unsaved()).toBe(true);
  });

  it('asks nothing when a change was typed back to what it was', () => {
    const { name, unsaved } = groupForm();
    name.handleChange('Marketing');
    name.handleChange('Sales');
    expect(unsaved()).toBe(false);
  });

  it('asks nothing right after a save went through, so the navigation that follows passes', async () => {
    const { form, name, unsaved } = groupForm();
    name.handleChange('Marketing');
    await form.handleSubmit();
    expect(unsaved()).toBe(false);
  });

  it('asks again when a field is changed after the save', async () => {
    const { form, name, unsaved } = groupForm();
    name.handleChange('Marketing');
    await form.handleSubmit();
    name.handleChange('Marketing team');
    expect(unsaved()).toBe(true);
  });

  it('still asks after a save the server refused', async () => {
    const refused = new ApiError(422, 'The given data was invalid.', { name: 'Taken.' });
    const { form, name, unsaved } = groupForm(async () => {
      throw refused;
    });
    name.handleChange('Marketing');
    await form.handleSubmit();
    expect(unsaved()).toBe(true);
  });
});
