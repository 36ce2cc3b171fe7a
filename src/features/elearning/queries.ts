import type { ElearningLearnerRow, ElearningReportQuery } from '@contract/elearning/report';
import { type ElearningDetail, type ElearningRow, elearningPaths } from '@contract/elearning/resource';
import type { ElearningListQuery } from '@contract/elearning/schemas';
import type { ApiSuccess, Paged } from '@contract/envelope';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isQueued } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { type QueuedUpload, uploadForm } from '@/lib/upload-form';
import { type PackageFormValues, toPackageFormData, toPackageUpdate } from './form-values';

/** Query keys of the E-Learning screens; a package's detail and its learners report sit apart. */
export const elearningKeys = {
  all: ['elearning-packages'] as const,
  lists: () => [...elearningKeys.all, 'list'] as const,
  list: (query: ElearningListQuery) => [...elearningKeys.lists(), query] as const,
  detail: (packageId: string) => [...elearningKeys.all, 'detail', packageId] as const,
  reports: (packageId: string) => [...elearningKeys.all, 'report', packageId] as const,
  report: (packageId: string, query: ElearningReportQuery) =>
    [...elearningKeys.reports(packageId), query] as const,
};

export const elearningListOptions = (query: ElearningListQuery) =>
  queryOptions({
    queryKey: elearningKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<ElearningRow>>(elearningPaths.list, { query, signal })).results,
    placeholderData: keepPreviousData,
  });

export const elearningDetailOptions = (packageId: string) =>
  queryOptions({
    queryKey: elearningKeys.detail(packageId),
    queryFn: async ({ signal }) =>
      (await api.get<ElearningDetail>(elearningPaths.one(packageId), { signal })).results,
  });

/** A package's learners, one row each, paged and searched by name or email. */
export const elearningReportOptions = (packageId: string, query: ElearningReportQuery) =>
  queryOptions({
    queryKey: elearningKeys.report(packageId, query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<ElearningLearnerRow>>(elearningPaths.report(packageId), { query, signal }))
        .results,
    placeholderData: keepPreviousData,
  });

/** The server's answer, or the outbox's word that an edit of the fields waits to be sent. */
export type PackageSaveAnswer = ApiSuccess<ElearningDetail> | QueuedUpload;

/**
 * Adds a package, or updates one (a new version when a file is chosen), as multipart through
 * XMLHttpRequest so that `progress` follows the zip's bytes as they go: null until the browser
 * reports any, then 0 to 100. A zip is never queued offline (the upload needs the network); an edit
 * of the fields alone is an ordinary JSON write.
 */
export function useSavePackage(record?: ElearningDetail) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (values: PackageFormValues): Promise<PackageSaveAnswer> => {
      setProgress(null);
      // Fields alone go as JSON through the outbox, like every admin edit.
      if (record && !values.file) {
        const answer = await api.patch<ElearningDetail>(
          elearningPaths.one(record._id),
          toPackageUpdate(values),
          {
            outbox: {
              action: 'Edit e-learning package',
              target: values.title,
              invalidate: [elearningKeys.lists(), elearningKeys.detail(record._id)],
            },
          },
        );
        return isQueued(answer) ? { queued: true, message: answer.message } : answer;
      }
      return uploadForm<ElearningDetail>({
        method: record ? 'PATCH' : 'POST',
        path: record ? elearningPaths.one(record._id) : elearningPaths.list,
        body: toPackageFormData(values, record !== undefined),
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : null),
      });
    },
    onSuccess: async (result) => {
      if ('queued' in result) return;
      toast.success(result.message);
      queryClient.setQueryData(elearningKeys.detail(result.results._id), result.results);
      await queryClient.invalidateQueries({ queryKey: elearningKeys.lists() });
      if (record) await queryClient.invalidateQueries({ queryKey: elearningKeys.reports(record._id) });
    },
  });
  return Object.assign(mutation, { progress });
}
