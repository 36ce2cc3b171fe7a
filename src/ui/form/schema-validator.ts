import type { FieldErrors } from '@contract/envelope';
import { toFieldErrors } from '@contract/validation';
import * as v from 'valibot';

export type SchemaValidatorOptions<TValues> = {
  /** What is checked: the body the form would send (the values themselves when left out). */
  toInput?: (values: TValues) => unknown;
  /** Moves messages elsewhere (a list item's message under the list's input). */
  place?: (errors: FieldErrors) => FieldErrors;
  /** Rules the schema cannot hold (a profile field's own), keyed by field as the schema's are. */
  also?: (values: TValues) => FieldErrors;
};

/**
 * A contract schema as a form validator: each field gets the schema's first message for it, the
 * spec's words the server would answer with.
 *
 *   validators: { onDynamic: schemaValidator<RoleFormValues>(roleUpdateSchema, { toInput: toRoleInput }) }
 */
export function schemaValidator<TValues>(
  schema: v.GenericSchema,
  { toInput, place = (errors) => errors, also }: SchemaValidatorOptions<TValues> = {},
) {
  return ({ value }: { value: TValues }) => {
    const result = v.safeParse(schema, toInput ? toInput(value) : value);
    const fields = {
      ...(result.success ? {} : place(toFieldErrors(result.issues))),
      ...also?.(value),
    };
    return Object.keys(fields).length > 0 ? { fields } : undefined;
  };
}
