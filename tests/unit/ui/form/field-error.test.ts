import { FieldApi, FormApi } from '@tanstack/react-form';
import { describe, expect, it } from 'vitest';
import { changeValue, errorOf, firstErrorMessage } from '@/ui/form/field-error';

describe('firstErrorMessage', () => {
  it('reads the message of a schema issue', () => {
    expect(firstErrorMessage([{ message: 'New password field is required.', path: ['newPassword'] }])).toBe(
      'New password field is required.',
    );
  });

  it('reads a server message given as a string', () => {
    expect(firstErrorMessage([undefined, 'Email field is required.'])).toBe('Email field is required.');
  });

  it('shows the first of several messages', () => {
    expect(firstErrorMessage([{ message: 'Password does not match.' }, 'Other.'])).toBe(
      'Password does not match.',
    );
  });

  it('shows nothing when there is no message', () => {
    expect(firstErrorMessage([])).toBeUndefined();
    expect(firstErrorMessage([null, '', { message: 42 }])).toBeUndefined();
  });
});

describe('changeValue', () => {
  const fieldWithServerMessage = () => {
    const form = new FormApi({ defaultValues: { email: 'taken@example.com' }, onSubmitMeta: {} });
    form.mount();
    const field = new FieldApi({ form, name: 'email' });
    field.mount();
    field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: 'Email already exists.' } }));
    return field;
  };

  it('shows the server message until the value changes, then takes the new value without it', () => {
    const field = fieldWithServerMessage();
    expect(errorOf(field)).toBe('Email already exists.');
    changeValue(field, 'free@example.com');
    expect(field.state.value).toBe('free@example.com');
    expect(errorOf(field)).toBeUndefined();
  });
});
