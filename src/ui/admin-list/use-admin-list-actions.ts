import type { AdminRow, BulkStatusResult } from '@contract/admin-list';
import { type ResourceDescriptor, resourcePaths } from '@contract/resource';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';

export type AdminListActionsOptions<Row extends AdminRow> = {
  /**
   * The resource's descriptor: its shared routes (status toggle, bulk status, bulk delete), the
   * words of its status and what the outbox panel calls its records ('user group').
   */
  resource: ResourceDescriptor;
  /** The resource's query key root: every list and detail under it refetches after a change. */
  listKey: QueryKey;
  /** How the outbox panel names a record. */
  rowName: (row: Row) => string;
  /**
   * Why a record may not be turned off or deleted (the built-in administrator role), or undefined.
   * Such a change is refused here with that reason and never sent: the server would refuse it.
   */
  lockedReason?: (id: string) => string | undefined;
};

/**
 * Status toggle, bulk status and bulk delete of a list. Each write goes through the service
 * worker's outbox; a queued answer (offline) was already announced by the api client, so only a
 * real answer gets the server's message as a toast and a refetch.
 */
export function useAdminListActions<Row extends AdminRow>(options: AdminListActionsOptions<Row>) {
  const { resource, listKey, rowName, lockedReason } = options;
  const paths = resourcePaths(resource);
  const { noun } = resource;
  const queryClient = useQueryClient();
  const outbox = (action: string, target: string) => ({ action, target, invalidate: [listKey] });
  const done = async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: listKey });
  };
  const many = (count: number) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  /** Throws the reason when any of the records is locked; the confirm dialog shows it. */
  const refuseLocked = (ids: string[]) => {
    const reason = ids.map((id) => lockedReason?.(id)).find((text) => text !== undefined);
    if (reason !== undefined) throw new Error(reason);
  };

  const toggle = useMutation({
    mutationFn: async (row: Row) => {
      if (row.status) refuseLocked([row._id]);
      return api.post<Row>(paths.one(row._id), undefined, {
        outbox: outbox(row.status ? 'Turn off' : 'Turn on', rowName(row)),
      });
    },
    onSuccess: done,
  });
  const setStatus = useMutation({
    mutationFn: async ({ ids, status }: { ids: string[]; status: boolean }) => {
      if (!status) refuseLocked(ids);
      return api.post<BulkStatusResult>(
        status ? paths.bulkOn : paths.bulkOff,
        { bulkId: ids },
        { outbox: outbox(status ? 'Turn on' : 'Turn off', many(ids.length)) },
      );
    },
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: async (ids: string[]) => {
      refuseLocked(ids);
      return api.delete<null>(
        paths.bulkDelete,
        { bulkId: ids },
        { outbox: outbox('Delete', many(ids.length)) },
      );
    },
    onSuccess: done,
  });
  return { toggle, setStatus, remove };
}
