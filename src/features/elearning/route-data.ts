import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '@/lib/api-error';
import { elearningDetailOptions } from './queries';

/** The package is read again on opening, so the form starts from its current version; a deleted one is not found. */
export async function loadEditElearning(queryClient: QueryClient, packageId: string) {
  try {
    await queryClient.fetchQuery({ ...elearningDetailOptions(packageId), staleTime: 0 });
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}
