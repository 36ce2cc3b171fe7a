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
