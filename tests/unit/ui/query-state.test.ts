import { describe, expect, it } from 'vitest';
import { type QueryFacts, queryDisplay } from '@/ui/query-state';

const facts = (overrides: Partial<QueryFacts>): QueryFacts => ({
  hasData: false,
  status: 'pending',
  fetchStatus: 'fetching',
  networkError: false,
  online: true,
  restoring: false,
  ...overrides,
});

describe('queryDisplay', () => {
  it('shows data whenever there is some, offline or failed included', () => {
    expect(queryDisplay(facts({ hasData: true, online: false, fetchStatus: 'paused' }))).toBe('data');
    expect(queryDisplay(facts({ hasData: true, status: 'error', networkError: true }))).toBe('data');
  });

  it('waits while the saved cache is read back from the device', () => {
    expect(queryDisplay(facts({ restoring: true, online: false }))).toBe('loading');
  });

  it('says the page was never saved instead of spinning when a read is paused or the device is offline', () => {
    expect(queryDisplay(facts({ fetchStatus: 'paused' }))).toBe('not-saved');
    expect(queryDisplay(facts({ online: false }))).toBe('not-saved');
    expect(queryDisplay(facts({ status: 'error', fetchStatus: 'idle', networkError: true }))).toBe(
      'not-saved',
    );
  });

  it('shows an answer the server refused as an error', () => {
    expect(queryDisplay(facts({ status: 'error', fetchStatus: 'idle' }))).toBe('error');
  });

  it('shows a loader while the first fetch runs online', () => {
    expect(queryDisplay(facts({}))).toBe('loading');
  });
});
