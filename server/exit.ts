/**
 * Ends the process with `code` once its work is done, by letting the event loop run out rather
 * than by process.exit(). At a natural end Node.js disposes V8's isolate before it joins the
 * platform's threads; process.exit() joins them with the isolate alive, and a background compile
 * that is waiting for the main thread's garbage collection then waits for ever (an open Node.js
 * bug, seen here as `npm run restore` hanging after it had refused). Whatever still holds the loop
 * open after `graceMs` is cut short by process.exit().
 */
export function exitWhenDone(code: number, graceMs = 3000): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), graceMs).unref();
}
