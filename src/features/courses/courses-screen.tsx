import type { CourseListQuery } from '@contract/courses/list-query';
import { COURSE_PERMISSION_LABELS, type CourseRow, courseResource } from '@contract/courses/resource';
import { ActionIcon, Box, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { SearchablePagedSelect } from '@/ui/searchable-paged-select';
import { categoryPages, courseKeys, courseListOptions, useDuplicateCourse } from './queries';

type CoursesScreenProps = {
  search: CourseListQuery;
  onSearchChange: (patch: Partial<CourseListQuery>) => void;
};

/**
 * `/app/content-management/courses`: the courses with their category, outline size and permission,
 * searchable and filtered by category (with its subcategories) and status in the URL.
 */
export function CoursesScreen({ search, onSearchChange }: CoursesScreenProps) {
  const navigate = useNavigate();
  const list = useQuery(courseListOptions(search));
  const canAdd = useCan(courseResource, 'add');
  const duplicate = useDuplicateCourse();

  const columns: DataTableColumn<CourseRow>[] = [
    { accessor: 'name', title: 'Course Name' },
    { accessor: 'categoryPath', title: 'Course Category', render: (row) => row.categoryPath ?? '—' },
    { accessor: 'outlineCount', title: 'Lessons & Quizzes', textAlign: 'right' },
    {
      accessor: 'permission',
      title: 'Permission',
      render: (row) => COURSE_PERMISSION_LABELS[row.permission],
    },
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
        <PageTitle>Courses</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            renderRoot={(props) => <Link to="/app/content-management/courses/add" {...props} />}
          >
            Add Course
          </Button>
        )}
      </Group>
      <AdminList<CourseRow, CourseListQuery>
        label="Courses"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={courseResource}
        rowName={(row) => row.name}
        listKey={courseKeys.all}
        noRecordsText="No course found."
        onEdit={(row) =>
          void navigate({
            to: '/app/content-management/courses/edit/$courseId',
            params: { courseId: row._id },
          })
        }
        filters={
          <Box w={{ base: '100%', sm: 240 }}>
            <SearchablePagedSelect
              label="Course Category"
              placeholder="All categories"
              nothingFound="No category found."
              value={search.courseCategoryInfo ?? ''}
              onChange={(value) => onSearchChange({ courseCategoryInfo: value || undefined, page: 1 })}
              query={categoryPages}
            />
          </Box>
        }
      />
    </Stack>
  );
}
