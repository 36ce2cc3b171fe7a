import { type CourseAssignmentRow, courseAssignmentArea } from '@contract/course-assignments/resource';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useCan } from '@/ui/admin-list/use-can';
import { useDuplicateAssignment } from './mutations';

type AssignmentRowActionsProps = {
  row: CourseAssignmentRow;
  /** Asks to confirm the deletion. */
  onDelete: (row: CourseAssignmentRow) => void;
};

/** A row's Edit, Duplicate and Delete, each shown to roles that may do it. */
export function AssignmentRowActions({ row, onDelete }: AssignmentRowActionsProps) {
  const navigate = useNavigate();
  const canAdd = useCan(courseAssignmentArea, 'add');
  const canEdit = useCan(courseAssignmentArea, 'edit');
  const canDelete = useCan(courseAssignmentArea, 'delete');
  const duplicate = useDuplicateAssignment();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {canEdit && (
        <Tooltip label="Edit">
          <ActionIcon
            variant="subtle"
            aria-label={`Edit ${row.title}`}
            onClick={() =>
              void navigate({
                to: '/app/content-management/assignments/edit/$assignmentId',
                params: { assignmentId: row._id },
              })
            }
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {/* The server copies with the edit right; a copy is a new record, so adding is asked too. */}
      {canAdd && canEdit && (
        <Tooltip label="Duplicate">
          <ActionIcon
            variant="subtle"
            aria-label={`Duplicate ${row.title}`}
            loading={duplicate.isPending}
            onClick={() => duplicate.mutate(row)}
          >
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${row.title}`}
            onClick={() => onDelete(row)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
