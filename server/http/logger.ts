import { formatWithOptions } from 'node:util';
import type { Logger } from './app-env.ts';

/** C0 controls (CR, LF and tab among them), DEL, C1 controls, and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text with every control character written as its escape, so it takes exactly one line. */
export const oneLine = (text: string): string =>
  text.replace(CONTROL, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const wrapped = new WeakSet<Logger>();

/**
 * The logger the server writes through: each entry is formatted as console formats it, then put on
 * one line. What is logged carries user text (an assignment title in a mail's subject, a request's
 * path, an error's message); a line break in it would otherwise start what reads as a new entry of
 * the log. Stack traces are escaped with the rest, one entry still one line. Every place a logger
 * enters the server (createApp, createMailer, createBackground) passes it through here, so no
 * caller can forget; wrapping a wrapped logger gives it back as it is.
 */
export function oneLineLogger(sink: Logger): Logger {
  if (wrapped.has(sink)) return sink;
  const entry =
    (level: keyof Logger) =>
    (...args: unknown[]) =>
      sink[level](oneLine(formatWithOptions({ colors: false }, ...args)));
  const logger: Logger = { info: entry('info'), warn: entry('warn'), error: entry('error') };
  wrapped.add(logger);
  return logger;
}
