import { type AnyFormApi, evaluate } from '@tanstack/react-form';

/** The values a form last saved, kept by its submit; undefined until a save went through. */
export type SavedValues<TValues> = { current: TValues | undefined };

/**
 * Whether leaving the form now would lose what was typed: a field differs from the value the form
 * started from (TanStack Form's `isDefaultValue`, so typing and then erasing is no change), and the
 * values are not the ones just saved. The navigation that follows a save is therefore never
 * stopped, while an edit made after a save that stays on the form (Save & New, Update) counts again.
 */
export function hasUnsavedChanges<TValues>(form: AnyFormApi, saved: SavedValues<TValues>): boolean {
  const { isDefaultValue, values } = form.state;
  if (isDefaultValue) return false;
  return saved.current === undefined || !evaluate(values, saved.current);
}
