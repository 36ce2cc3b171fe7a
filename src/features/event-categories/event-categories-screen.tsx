import type { EventCategoryListQuery } from '@contract/event-categories/list-query';
import { type EventCategoryRow, eventCategoryResource } from '@contract/event-categories/resource';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useRef, useState } from 'react';
import { formatDate } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { useGuardedClose } from '@/ui/form/use-guarded-close';
import { PageTitle } from '@/ui/page-title';
import { EventCategoryForm } from './event-category-form';
import { emptyEventCategoryValues, toEventCategoryFormValues } from './form-values';
import { eventCategoryKeys, eventCategoryListOptions } from './queries';

type EventCategoriesScreenProps = {
  search: EventCategoryListQuery;
  onSearchChange: (patch: Partial<EventCategoryListQuery>) => void;
};

/** What the dialog holds: a new category, or one of the list's. */
type Editing = { kind: 'add' } | { kind: 'edit'; row: EventCategoryRow };

const columns: DataTableColumn<EventCategoryRow>[] = [
  { accessor: 'title', title: 'Title' },
  { accessor: 'description', title: 'Description' },
  { accessor: 'createdAt', title: 'Created', render: (row) => formatDate(row.createdAt) },
];

/**
 * `/app/event-management/event-category`: the categories, searchable and filtered in the URL. The
 * spec names no add or edit route, so both happen in a dialog over the list.
 */
export function EventCategoriesScreen({ search, onSearchChange }: EventCategoriesScreenProps) {
  const canAdd = useCan(eventCategoryResource, 'add');
  const list = useQuery(eventCategoryListOptions(search));
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);
  // Closing the dialog with changes not saved asks first.
  const unsaved = useRef(() => false);
  const closeAsking = useGuardedClose(() => editing !== null && unsaved.current(), close);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Event Categories</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ kind: 'add' })}
          >
            Add Category
          </Button>
        )}
      </Group>
      <AdminList<EventCategoryRow, EventCategoryListQuery>
        label="Event categories"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={eventCategoryResource}
        rowName={(row) => row.title}
        listKey={eventCategoryKeys.all}
        noRecordsText="No event category found."
        onEdit={(row) => setEditing({ kind: 'edit', row })}
      />
      <Modal
        opened={editing !== null}
        onClose={closeAsking}
        title={editing?.kind === 'edit' ? 'Edit Event Category' : 'Add Event Category'}
      >
        {editing && (
          <EventCategoryForm
            key={editing.kind === 'edit' ? editing.row._id : 'add'}
            categoryId={editing.kind === 'edit' ? editing.row._id : undefined}
            initialValues={
              editing.kind === 'edit' ? toEventCategoryFormValues(editing.row) : emptyEventCategoryValues()
            }
            onSaved={close}
            onCancel={closeAsking}
            unsaved={unsaved}
          />
        )}
      </Modal>
    </Stack>
  );
}
