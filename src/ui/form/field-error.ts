import type { AnyFieldApi } from '@tanstack/react-form';

/**
 * The message to show under a field. Schema validators leave issue objects, server errors are strings;
 * either way the first one wins.
 */
export function firstErrorMessage(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error !== '') return error;
    if (typeof error === 'object' && error !== null && 'message' in error) {
      const { message } = error as { message: unknown };
      if (typeof message === 'string' && message !== '') return message;
    }
  }
  return undefined;
}

/** A server message is about the value the server saw: a change makes it stale, so it goes. */
export function changeValue<T>(field: AnyFieldApi, value: T) {
  if (field.state.meta.errorMap.onServer !== undefined) {
    field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
  }
  field.handleChange(value);
}

/** The message under a field, from any of its validators or the server. */
export const errorOf = (field: AnyFieldApi) => firstErrorMessage(field.state.meta.errors);
