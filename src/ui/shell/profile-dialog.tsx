import type { SessionUser } from '@contract/session';
import { Avatar, Modal, Stack, Table, Text } from '@mantine/core';
import { displayName } from '@/lib/session';

type ProfileDialogProps = { user: SessionUser | null; opened: boolean; onClose: () => void };

/** What the app knows about the signed-in user, opened from 'Profile' in the profile menu. */
export function ProfileDialog({ user, opened, onClose }: ProfileDialogProps) {
  const name = displayName(user);
  const rows: [string, string][] = [
    ['Name', name],
    ['Email', user?.email || 'N/A'],
    ['Administrative role', user?.adminstrativeRoleId?.name || 'None'],
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="Profile" centered>
      <Stack align="center" gap="xs" mb="md">
        <Avatar src={user?.profilePicture || null} alt={name} size={80} radius={80} color="blue" />
        <Text fw={600}>{name}</Text>
      </Stack>
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={170}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
