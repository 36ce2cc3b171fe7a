import type { FieldErrors } from '@contract/envelope';
import { toFieldErrors } from '@contract/validation';
import * as v from 'valibot';

/**
 * A contract schema as a form validator: each field gets the schema's first message for it.
 * `place` moves messages elsewhere (a list item's message under the list's input).
 */
export function schemaValidator<TValues>(
  schema: v.GenericSchema,
  place: (errors: FieldErrors) => FieldErrors = (errors) => errors,
) {
  return ({ value }: { value: TValues }) => {
    const result = v.safeParse(schema, value);
    return result.success ? undefined : { fields: place(toFieldErrors(result.issues)) };
  };
}
