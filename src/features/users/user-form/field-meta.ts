import type { AnyFieldApi } from '@tanstack/react-form';
import { firstErrorMessage } from '@/ui/form/field-error';

/** A server message is about the value the server saw: a change clears it (as the app form's fields do). */
export function changeValue<T>(field: AnyFieldApi, value: T) {
  if (field.state.meta.errorMap.onServer !== undefined) {
    field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
  }
  field.handleChange(value);
}

export const errorOf = (field: AnyFieldApi) => firstErrorMessage(field.state.meta.errors);
