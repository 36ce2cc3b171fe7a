import { type CertificateCheck, certificatePaths } from '@contract/certificates';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const certificateKeys = {
  all: ['certificates'] as const,
  check: (code: string) => [...certificateKeys.all, 'check', code] as const,
};

/**
 * The public check of a certificate. Quiet: a code no certificate has is an answer the page shows
 * (404), not an error to toast; nor does anyone signed in get signed out by it.
 */
export const certificateCheckOptions = (code: string) =>
  queryOptions({
    queryKey: certificateKeys.check(code),
    queryFn: ({ signal }) =>
      api.get<CertificateCheck>(certificatePaths.verify(encodeURIComponent(code)), { signal, quiet: true }),
    select: (answer) => answer.results,
  });
