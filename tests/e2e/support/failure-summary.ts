import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many lines of a failure's message are printed: enough for the expectation and what was received. */
const MESSAGE_LINES = 14;

type Failure = { test: TestCase; result: TestResult; before: TestCase | undefined };

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour
const COLOURS = /\u001b\[[0-9;]*m/g;

/**
 * The last lines of a run: each failed test with the start of its error, where it stopped in the
 * test, and the test run before it on the same server (whose leftovers in its database may be the
 * cause; a worker started again after a failure keeps its slot's server). The line reporter
 * prints the whole error as it happens, far up a long log; a CI log read from its end gets this.
 */
export default class FailureSummary implements Reporter {
  private readonly lastOnServer = new Map<number, TestCase>();
  private readonly failures: Failure[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const before = this.lastOnServer.get(result.parallelIndex);
    this.lastOnServer.set(result.parallelIndex, test);
    if (result.status === 'failed' || result.status === 'timedOut')
      this.failures.push({ test, result, before });
  }

  onEnd(_result: FullResult) {
    if (this.failures.length === 0) return;
    const lines = [`${this.failures.length} failed, in short:`];
    for (const { test, result, before } of this.failures) {
      lines.push('', `✘ ${test.titlePath().filter(Boolean).join(' › ')} (${result.status})`);
      for (const error of result.errors) {
        const message = (error.message ?? error.value ?? '').replace(COLOURS, '').trim().split('\n');
        lines.push(...message.slice(0, MESSAGE_LINES).map((line) => `    ${line}`));
        if (message.length > MESSAGE_LINES) lines.push('    ...');
        if (error.location) lines.push(`    at ${relative(error.location.file)}:${error.location.line}`);
      }
      lines.push(
        `    server ${result.parallelIndex}, after: ${before ? before.title : 'nothing (its first test)'}`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  printsToStdio() {
    return false;
  }
}

function relative(file: string): string {
  const root = `${process.cwd()}/`;
  return file.startsWith(root) ? file.slice(root.length) : file;
}
