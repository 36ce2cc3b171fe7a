import type { RoleModule } from '@contract/roles';
import { ROLE_ACTIONS } from '@contract/roles';
import type { PermissionAction } from '@contract/session';
import { Checkbox, Table, Text } from '@mantine/core';
import { type Matrix, noTicks, rowTicks, type Ticks, withTick } from './form-values';

const ACTION_LABELS: Record<PermissionAction, string> = {
  view: 'View',
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  publish: 'Publish',
};

type PermissionMatrixProps = {
  modules: RoleModule[];
  value: Matrix;
  onChange: (next: Matrix) => void;
  readOnly?: boolean;
  error?: string;
};

/** Ticked state of a group of checkboxes: all, none, or some (indeterminate). */
function groupState(values: boolean[]) {
  const on = values.filter(Boolean).length;
  return { checked: values.length > 0 && on === values.length, indeterminate: on > 0 && on < values.length };
}

/** Modules and their submodules against View, Add, Edit, Delete and Publish, with row and column shortcuts. */
export function PermissionMatrix({
  modules,
  value,
  onChange,
  readOnly = false,
  error,
}: PermissionMatrixProps) {
  const submodules = modules.flatMap((module) => module.submodules);
  const ticksOf = (submoduleId: string): Ticks => value[submoduleId] ?? noTicks();
  const setRow = (submoduleId: string, ticks: Ticks) => onChange({ ...value, [submoduleId]: ticks });

  const setColumn = (action: PermissionAction, checked: boolean) => {
    const next: Matrix = { ...value };
    for (const submodule of submodules)
      next[submodule._id] = withTick(ticksOf(submodule._id), action, checked);
    onChange(next);
  };

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder verticalSpacing="xs" aria-label="Permissions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Module / Submodule</Table.Th>
              <Table.Th>All</Table.Th>
              {ROLE_ACTIONS.map((action) => (
                <Table.Th key={action}>
                  <Checkbox
                    label={ACTION_LABELS[action]}
                    aria-label={`All submodules: ${ACTION_LABELS[action]}`}
                    disabled={readOnly}
                    {...groupState(submodules.map((submodule) => ticksOf(submodule._id)[action]))}
                    onChange={(event) => setColumn(action, event.currentTarget.checked)}
                  />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {modules.map((module) => [
              <Table.Tr key={module._id}>
                <Table.Td colSpan={2 + ROLE_ACTIONS.length}>
                  <Text fw={600}>{module.name}</Text>
                </Table.Td>
              </Table.Tr>,
              ...module.submodules.map((submodule) => {
                const ticks = ticksOf(submodule._id);
                return (
                  <Table.Tr key={submodule._id}>
                    <Table.Td pl="xl">{submodule.name}</Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${submodule.name}: All`}
                        disabled={readOnly}
                        {...groupState(ROLE_ACTIONS.map((action) => ticks[action]))}
                        onChange={(event) => setRow(submodule._id, rowTicks(event.currentTarget.checked))}
                      />
                    </Table.Td>
                    {ROLE_ACTIONS.map((action) => (
                      <Table.Td key={action}>
                        <Checkbox
                          aria-label={`${submodule.name}: ${ACTION_LABELS[action]}`}
                          disabled={readOnly}
                          checked={ticks[action]}
                          onChange={(event) =>
                            setRow(submodule._id, withTick(ticks, action, event.currentTarget.checked))
                          }
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              }),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error ? (
        <Text c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
}
