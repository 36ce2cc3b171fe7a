import type { QueryClient } from '@tanstack/react-query';
import { categoryDetailOptions } from './queries';

/** The record is read again on opening, so the form starts from its current version. */
export async function loadEditCategory(queryClient: QueryClient, categoryId: string) {
  await queryClient.fetchQuery({ ...categoryDetailOptions(categoryId), staleTime: 0 });
}
