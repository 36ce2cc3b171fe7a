import type { QuizListQuery } from '@contract/quizzes/list-query';
import { type QuizRow, quizResource } from '@contract/quizzes/resource';
import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { quizKeys, quizListOptions, useDuplicateQuiz } from './queries';

type QuizzesScreenProps = {
  search: QuizListQuery;
  onSearchChange: (patch: Partial<QuizListQuery>) => void;
};

/** `/app/content-management/quizzes`: the quizzes with their question counts, searchable and filtered in the URL. */
export function QuizzesScreen({ search, onSearchChange }: QuizzesScreenProps) {
  const navigate = useNavigate();
  const list = useQuery(quizListOptions(search));
  const canAdd = useCan(quizResource, 'add');
  const duplicate = useDuplicateQuiz();

  const columns: DataTableColumn<QuizRow>[] = [
    { accessor: 'name', title: 'Quiz Name' },
    { accessor: 'questionCount', title: 'Questions', textAlign: 'right' },
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
        <PageTitle>Quizzes</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            renderRoot={(props) => <Link to="/app/content-management/quizzes/add" {...props} />}
          >
            Add Quiz
          </Button>
        )}
      </Group>
      <AdminList<QuizRow, QuizListQuery>
        label="Quizzes"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={quizResource}
        rowName={(row) => row.name}
        listKey={quizKeys.all}
        noRecordsText="No quiz found."
        onEdit={(row) =>
          void navigate({ to: '/app/content-management/quizzes/edit/$quizId', params: { quizId: row._id } })
        }
      />
    </Stack>
  );
}
