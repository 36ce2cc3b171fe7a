/**
 * One question read from an import file: the line it starts on, a short title for the report, and
 * either the fields to validate with the form's schema or why it cannot be imported.
 */
export type ParsedQuestion = { line: number; title: string; fields?: unknown; reason?: string };

/** A report's title for a question: its first line, cut to 80 characters. */
export function titleOf(text: string): string {
  const first = text.trim().split(/\r?\n/)[0] ?? '';
  return first.length > 80 ? `${first.slice(0, 77)}...` : first;
}
