import type { CourseCategoryListQuery } from '@contract/course-categories/list-query';
import { type CourseCategoryRow, courseCategoryResource } from '@contract/course-categories/resource';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { categoryKeys, categoryListOptions } from './queries';

type CourseCategoriesScreenProps = {
  search: CourseCategoryListQuery;
  onSearchChange: (patch: Partial<CourseCategoryListQuery>) => void;
};

const columns: DataTableColumn<CourseCategoryRow>[] = [
  { accessor: 'name', title: 'Category Title' },
  // Where the category sits in the tree: a title alone does not tell two 'Basics' apart.
  { accessor: 'path', title: 'Path' },
  { accessor: 'createdAt', title: 'Created', render: (row) => formatDate(row.createdAt) },
];

/** `/app/content-management/course-category`: the categories with their paths in the tree. */
export function CourseCategoriesScreen({ search, onSearchChange }: CourseCategoriesScreenProps) {
  const navigate = useNavigate();
  const list = useQuery(categoryListOptions(search));
  const canAdd = useCan(courseCategoryResource, 'add');

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Course Categories</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            renderRoot={(props) => <Link to="/app/content-management/course-category/add" {...props} />}
          >
            Add Category
          </Button>
        )}
      </Group>
      <AdminList<CourseCategoryRow, CourseCategoryListQuery>
        label="Course categories"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={courseCategoryResource}
        rowName={(row) => row.path}
        listKey={categoryKeys.all}
        noRecordsText="No course category found."
        onEdit={(row) =>
          void navigate({
            to: '/app/content-management/course-category/edit/$categoryId',
            params: { categoryId: row._id },
          })
        }
      />
    </Stack>
  );
}
