import type { AdminRow, StatusFilter } from '@contract/admin-list';
import { FIRST_PAGE } from '@contract/constants';
import type { Paged } from '@contract/envelope';
import { statusText } from '@contract/resource';
import { ActionIcon, Group, Stack, Switch, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog, type ConfirmVariant } from '../confirm-dialog';
import { isNetworkFailure, type QueryLike, QueryStatus, useQueryDisplay } from '../query-status';
import { ResourceTable } from '../resource-table';
import { SavedDataNotice } from '../saved-data-notice';
import { BulkBar } from './bulk-bar';
import { ListToolbar } from './list-toolbar';
import { statusConfirmVariant } from './status-words';
import { type AdminListActionsOptions, useAdminListActions } from './use-admin-list-actions';
import { useCan } from './use-can';

/** The search params every admin list keeps in its URL (contract/admin-list.ts `adminListQuery`). */
export type AdminListSearch = { page: number; limit: number; search: string; status: StatusFilter };

export type AdminListProps<Row extends AdminRow, S extends AdminListSearch> = AdminListActionsOptions<Row> & {
  /** Accessible name of the table, e.g. 'User groups'. */
  label: string;
  /** The route's validated search params. */
  search: S;
  /** Navigates with the patch merged into the search; a filter change also sends page 1. */
  onSearchChange: (patch: Partial<S>) => void;
  /** The query of the current page: its data, and whether it is loading, saved or never saved. */
  query: QueryLike & { data: Paged<Row> | undefined; isFetching: boolean; dataUpdatedAt: number };
  /** The resource's own columns; the status switch and the row actions are added after them. */
  columns: DataTableColumn<Row>[];
  /** The resource's own filters, beside search and status; they call onSearchChange themselves. */
  filters?: ReactNode;
  /** Edit opens the resource's form (a modal or a route); shown to roles that may edit. */
  onEdit?: (row: Row) => void;
  noRecordsText?: string;
};

type Pending = { variant: ConfirmVariant; run: () => Promise<unknown> };

/**
 * The administration list: server-side pages, debounced search, status filter, the resource's
 * filters, row selection with bulk publish/unpublish/delete and a per-row status switch, each
 * behind the spec's confirm dialog; actions the role may not do are hidden. The route owns the
 * URL: every change navigates with new search params, so a list can be bookmarked and reloads as
 * it was.
 *
 *   // routes/app/user-management/users-group.tsx
 *   export const Route = createFileRoute('/app/user-management/users-group')({
 *     validateSearch: userGroupListQuery,            // adminListQuery({...filters}) from contract/
 *     loaderDeps: ({ search }) => search,
 *     loader: ({ context, deps }) => context.queryClient.ensureQueryData(groupListQueryOptions(deps)),
 *     component: () => {
 *       const navigate = Route.useNavigate();
 *       return <UserGroupsScreen search={Route.useSearch()}
 *         onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })} />;
 *     },
 *   });
 *
 *   // features/user-groups/user-groups-screen.tsx
 *   const list = useQuery(groupListQueryOptions(search));
 *   <AdminList label="User groups" search={search} onSearchChange={onSearchChange}
 *     query={list} columns={[{ accessor: 'name', title: 'Name' }]}
 *     resource={userGroupResource} rowName={(row) => row.name} listKey={groupKeys.all}
 *     onEdit={openEdit} />
 *
 * The descriptor (contract/user-groups.ts) gives the status words, the permission area whose
 * rights decide which actions show, the noun the outbox panel uses and the shared routes.
 */
export function AdminList<Row extends AdminRow, S extends AdminListSearch>(props: AdminListProps<Row, S>) {
  const { search, onSearchChange, query, resource } = props;
  const words = resource.statusWords;
  const { data } = query;
  const display = useQueryDisplay(query);
  const canEdit = useCan(resource, 'edit');
  const canDelete = useCan(resource, 'delete');
  const canPublish = useCan(resource, 'publish');
  const actions = useAdminListActions(props);
  const [selected, setSelected] = useState<Row[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const text = statusText[words];
  const ids = () => selected.map((row) => row._id);
  const afterBulk = () => setSelected([]);
  // A filter change starts from the first page, else the list could open past its end.
  const filter = (patch: Partial<S>) => onSearchChange({ ...patch, page: FIRST_PAGE } as Partial<S>);

  const columns: DataTableColumn<Row>[] = [
    ...props.columns,
    {
      accessor: 'status',
      title: 'Status',
      render: (row) => (
        <Switch
          checked={row.status}
          disabled={!canPublish}
          aria-label={`${row.status ? text.on : text.off}: ${props.rowName(row)}`}
          label={row.status ? text.on : text.off}
          onChange={() =>
            setPending({
              variant: statusConfirmVariant(words, !row.status),
              run: () => actions.toggle.mutateAsync(row),
            })
          }
        />
      ),
    },
  ];
  if (canEdit || canDelete) {
    columns.push({
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit && props.onEdit && (
            <Tooltip label="Edit">
              <ActionIcon
                variant="subtle"
                aria-label={`Edit ${props.rowName(row)}`}
                onClick={() => props.onEdit?.(row)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${props.rowName(row)}`}
                onClick={() =>
                  setPending({
                    variant: 'delete',
                    run: () =>
                      actions.remove
                        .mutateAsync([row._id])
                        .then(() => setSelected((rows) => rows.filter((r) => r._id !== row._id))),
                  })
                }
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    });
  }

  return (
    <Stack gap="sm">
      <ListToolbar
        search={search.search}
        status={search.status}
        words={words}
        onSearch={(value) => filter({ search: value } as Partial<S>)}
        onStatus={(value) => filter({ status: value } as Partial<S>)}
        filters={props.filters}
      />
      <BulkBar
        count={selected.length}
        words={words}
        canPublish={canPublish}
        canDelete={canDelete}
        onStatus={(status) =>
          setPending({
            variant: statusConfirmVariant(words, status),
            run: () => actions.setStatus.mutateAsync({ ids: ids(), status }).then(afterBulk),
          })
        }
        onDelete={() =>
          setPending({ variant: 'delete', run: () => actions.remove.mutateAsync(ids()).then(afterBulk) })
        }
        onClear={afterBulk}
      />
      <SavedDataNotice updatedAt={query.dataUpdatedAt} networkFailed={isNetworkFailure(query.error)} />
      {display === 'not-saved' || display === 'error' ? (
        <QueryStatus query={query} />
      ) : (
        <ResourceTable<Row>
          label={props.label}
          records={data?.data ?? []}
          columns={columns}
          idAccessor={(row) => row._id}
          page={search.page}
          limit={search.limit}
          total={data?.total ?? 0}
          fetching={query.isFetching || display === 'loading'}
          noRecordsText={props.noRecordsText}
          onPaginationChange={(next) => onSearchChange(next as Partial<S>)}
          selection={
            canPublish || canDelete
              ? { selectedRecords: selected, onSelectedRecordsChange: setSelected }
              : undefined
          }
        />
      )}
      {pending && (
        <ConfirmDialog
          variant={pending.variant}
          opened
          onClose={() => setPending(null)}
          onConfirm={pending.run}
        />
      )}
    </Stack>
  );
}
