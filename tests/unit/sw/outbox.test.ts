import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay } from '../../../sw/outbox/backoff.ts';
import { classifyAnswer } from '../../../sw/outbox/classify.ts';

describe('classifyAnswer', () => {
  it('treats every 2xx as done', () => {
    for (const status of [200, 201, 202, 204]) expect(classifyAnswer(status)).toBe('done');
  });

  it('pauses the queue on 401 only', () => {
    expect(classifyAnswer(401)).toBe('pause');
    expect(classifyAnswer(403)).toBe('failed');
  });

  it('keeps conflicts and validation errors as failed', () => {
    for (const status of [400, 404, 409, 413, 422]) expect(classifyAnswer(status)).toBe('failed');
  });

  it('settles a 409 whose work is counted already as done, and no other refusal', () => {
    expect(classifyAnswer(409, false, true)).toBe('done');
    for (const status of [400, 403, 404, 422]) expect(classifyAnswer(status, false, true)).toBe('failed');
  });

  it('retries a 409 that says when to try again (the first send of the change is still running)', () => {
    expect(classifyAnswer(409, true)).toBe('retry');
    expect(classifyAnswer(422, true)).toBe('failed');
  });

  it('retries server errors, timeouts, rate limits and no answer', () => {
    for (const status of [408, 429, 500, 502, 503, 504]) expect(classifyAnswer(status)).toBe('retry');
    expect(classifyAnswer(null)).toBe('retry');
  });
});

describe('backoffDelay', () => {
  it('doubles from one second without jitter', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
  });

  it('is capped at five minutes however many attempts failed', () => {
    expect(backoffDelay(30, () => 0)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1000, () => 0)).toBe(BACKOFF_MAX_MS);
  });

  it('takes off at most a fifth as jitter', () => {
    expect(backoffDelay(3, () => 1)).toBe(3200);
    expect(backoffDelay(3, () => 0.5)).toBe(3600);
  });
});
