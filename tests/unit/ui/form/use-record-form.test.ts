import { adminMessages } from '@contract/admin-list';
import { type UserGroupRow, userGroupMessages, userGroupSchema } from '@contract/user-groups';
import { type AnyFormApi, FieldApi, FormApi } from '@tanstack/react-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { errorOf } from '@/ui/form/field-error';
import { type RecordFormOptions, recordFormOptions } from '@/ui/form/use-record-form';

const toasts = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: toasts }));

type Values = { name: string; version: number };

const row = (name: string, version: number): UserGroupRow => ({
  _id: '11111111-1111-4111-8111-111111111111',
  name,
  version,
  status: true,
  memberCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/**
 * A user group's edit form as the hook builds it, on a plain FormApi: `startOver` resets the form
 * as the hook does (the hook also keeps the new values as its defaults).
 */
function editForm(overrides: Partial<RecordFormOptions<Values, unknown, UserGroupRow, undefined>> = {}) {
  const startedOver: Values[] = [];
  const onCurrentRecord = vi.fn();
  const onSaved = vi.fn();
  const options: RecordFormOptions<Values, unknown, UserGroupRow, undefined> = {
    defaultValues: { name: 'Sales', version: 3 },
    schema: userGroupSchema,
    save: vi.fn(async () => ({ message: 'ok', results: row('Sales', 4) })),
    onSaved,
    fromRecord: (group) => ({ name: group.name, version: group.version }),
    onCurrentRecord,
    ...overrides,
  };
  const form = new FormApi(
    recordFormOptions(options, (api: AnyFormApi, values: Values) => {
      startedOver.push(values);
      api.reset(values);
    }),
  );
  form.mount();
  const name = new FieldApi({ form, name: 'name' });
  name.mount();
  return { form, name, options, startedOver, onCurrentRecord, onSaved };
}

beforeEach(() => toasts.error.mockReset());

describe('the admin record form', () => {
  it('checks the contract schema on submit and sends nothing while it fails', async () => {
    const { form, name, options } = editForm();
    name.handleChange('');
    await form.handleSubmit();
    expect(errorOf(name)).toBe(userGroupMessages.nameRequired);
    expect(options.save).not.toHaveBeenCalled();
    // After the first submit every change is checked again.
    name.handleChange('Sales East');
    expect(errorOf(name)).toBeUndefined();
  });

  it('saves what was typed, then calls onSaved with the answer', async () => {
    const { form, name, options, onSaved } = editForm();
    name.handleChange('Sales East');
    await form.handleSubmit();
    expect(options.save).toHaveBeenCalledWith({ name: 'Sales East', version: 3 }, undefined);
    expect(onSaved).toHaveBeenCalledWith(
      { message: 'ok', results: row('Sales', 4) },
      expect.objectContaining({ values: { name: 'Sales East', version: 3 } }),
    );
  });

  it('puts a 422 answer under its fields and keeps what was typed', async () => {
    const { form, name, onSaved } = editForm({
      save: async () => {
        throw new ApiError(422, 'The given data was invalid.', { name: 'Group name already exists.' });
      },
    });
    name.handleChange('Marketing');
    await form.handleSubmit();
    expect(errorOf(name)).toBe('Group name already exists.');
    expect(form.state.values.name).toBe('Marketing');
    expect(onSaved).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('toasts a 422 message for a field the form does not have', async () => {
    const { form, name } = editForm({
      save: async () => {
        throw new ApiError(422, 'The given data was invalid.', { status: 'Status is invalid.' });
      },
    });
    name.handleChange('Marketing');
    await form.handleSubmit();
    expect(toasts.error).toHaveBeenCalledWith('Status is invalid.');
  });

  it('shows the current record after a stale version: its values and version replace what was typed', async () => {
    const current = row('Sales (renamed)', 5);
    const { form, name, startedOver, onCurrentRecord, onSaved } = editForm({
      save: async () => {
        throw new ApiError(409, adminMessages.staleVersion, {}, current);
      },
    });
    name.handleChange('My edit');
    await form.handleSubmit();
    expect(startedOver).toEqual([{ name: 'Sales (renamed)', version: 5 }]);
    expect(form.state.values).toEqual({ name: 'Sales (renamed)', version: 5 });
    expect(errorOf(name)).toBeUndefined();
    expect(onCurrentRecord).toHaveBeenCalledWith(current);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends the current version on the next save after a stale one', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, adminMessages.staleVersion, {}, row('Sales', 5)))
      .mockResolvedValueOnce({ message: 'ok', results: row('Sales', 6) });
    const { form, name } = editForm({ save });
    await form.handleSubmit();
    name.handleChange('Sales again');
    await form.handleSubmit();
    expect(save).toHaveBeenLastCalledWith({ name: 'Sales again', version: 5 }, undefined);
  });

  it('puts a 409 about a value (a taken name) under its field and keeps what was typed', async () => {
    const { form, name, startedOver } = editForm({
      save: async () => {
        throw new ApiError(409, 'Group name already exists.', { name: 'Group name already exists.' });
      },
    });
    name.handleChange('Taken');
    await form.handleSubmit();
    expect(errorOf(name)).toBe('Group name already exists.');
    expect(form.state.values.name).toBe('Taken');
    expect(startedOver).toEqual([]);
  });

  it('keeps what was typed after a 409 that carries no record (a refusal), or any other failure', async () => {
    for (const error of [
      new ApiError(409, 'Your role may not change this record.'),
      new ApiError(0, 'Offline'),
    ]) {
      const { form, name, startedOver } = editForm({
        save: async () => {
          throw error;
        },
      });
      name.handleChange('Typed');
      await form.handleSubmit();
      expect(form.state.values.name).toBe('Typed');
      expect(startedOver).toEqual([]);
    }
  });

  it('sends nothing while read only', async () => {
    const { form, options } = editForm({ readOnly: true });
    await form.handleSubmit();
    expect(options.save).not.toHaveBeenCalled();
  });
});
