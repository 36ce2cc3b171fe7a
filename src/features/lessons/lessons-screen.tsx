import type { LessonListQuery } from '@contract/lessons/list-query';
import { type LessonRow, lessonResource } from '@contract/lessons/resource';
import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { lessonKeys, lessonListOptions, useDuplicateLesson } from './queries';

type LessonsScreenProps = {
  search: LessonListQuery;
  onSearchChange: (patch: Partial<LessonListQuery>) => void;
};

/** `/app/content-management/lessons`: the lessons, searchable and filtered by status in the URL. */
export function LessonsScreen({ search, onSearchChange }: LessonsScreenProps) {
  const navigate = useNavigate();
  const list = useQuery(lessonListOptions(search));
  const canAdd = useCan(lessonResource, 'add');
  const duplicate = useDuplicateLesson();

  const columns: DataTableColumn<LessonRow>[] = [
    { accessor: 'name', title: 'Lesson Name' },
    { accessor: 'createdAt', title: 'Created', render: (row) => formatDate(row.createdAt) },
  ];
  if (canAdd) {
    columns.push({
      accessor: 'duplicate',
      title: 'Duplicate',
      textAlign: 'center',
      render: (row) => (
        <Tooltip label="Duplicate">
          <ActionIcon
            variant="subtle"
            aria-label={`Duplicate ${row.name}`}
            loading={duplicate.isPending && duplicate.variables?._id === row._id}
            onClick={() => duplicate.mutate(row)}
          >
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Lessons</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            renderRoot={(props) => <Link to="/app/content-management/lessons/add" {...props} />}
          >
            Add Lesson
          </Button>
        )}
      </Group>
      <AdminList<LessonRow, LessonListQuery>
        label="Lessons"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={lessonResource}
        rowName={(row) => row.name}
        listKey={lessonKeys.all}
        noRecordsText="No lesson found."
        onEdit={(row) =>
          void navigate({
            to: '/app/content-management/lessons/edit/$lessonId',
            params: { lessonId: row._id },
          })
        }
      />
    </Stack>
  );
}
