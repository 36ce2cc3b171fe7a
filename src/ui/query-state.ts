/** What a screen shows for a query, offline included; pure so the rules are testable without a DOM. */
export type QueryDisplay = 'data' | 'loading' | 'not-saved' | 'error';

export type QueryFacts = {
  hasData: boolean;
  status: 'pending' | 'error' | 'success';
  /** 'paused': TanStack Query holds the fetch until the network is back. */
  fetchStatus: 'fetching' | 'paused' | 'idle';
  /** The failure, if any, was a request that never got an answer. */
  networkError: boolean;
  online: boolean;
  /** The saved cache is still being read back from the device. */
  restoring: boolean;
};

export function queryDisplay(facts: QueryFacts): QueryDisplay {
  if (facts.hasData) return 'data';
  if (facts.restoring) return 'loading';
  // Nothing saved and no network: waiting would spin forever, so say so instead.
  if (facts.fetchStatus === 'paused' || !facts.online) return 'not-saved';
  if (facts.status === 'error') return facts.networkError ? 'not-saved' : 'error';
  return 'loading';
}
