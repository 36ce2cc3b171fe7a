import type { FieldErrors } from '@contract/envelope';
import type { AnyFormApi } from '@tanstack/react-form';
import { isApiError } from '@/lib/api-error';
import { toast } from '@/lib/notify';

/**
 * Puts each message under its field, as the server's, until the field is edited.
 * @returns the messages for fields the form does not have.
 */
export function placeFieldErrors(form: AnyFormApi, errors: FieldErrors): string[] {
  const unplaced: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    if (form.getFieldMeta(name)) {
      form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: message } }));
    } else {
      unplaced.push(message);
    }
  }
  return unplaced;
}

/**
 * Puts the field messages of a 422 answer under their fields; each clears when its field is edited
 * (see FormTextField). `place` moves messages first (a list item's under the list). A message for
 * a field the form does not have is shown as a toast, so nothing the server said is lost.
 * @returns whether the error was a validation error handled here.
 */
export function applyServerErrors(
  form: AnyFormApi,
  error: unknown,
  place: (errors: FieldErrors) => FieldErrors = (errors) => errors,
): boolean {
  if (!isApiError(error) || error.status !== 422) return false;
  const unplaced = placeFieldErrors(form, place(error.errors));
  if (unplaced.length > 0 || Object.keys(error.errors).length === 0)
    toast.error(unplaced[0] ?? error.message);
  return true;
}
