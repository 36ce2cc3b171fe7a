/** `%term%` for ILIKE, with the user's own % _ and \ matched literally instead of as wildcards. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
