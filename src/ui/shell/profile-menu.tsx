import type { SessionUser } from '@contract/session';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { displayName, hasAdministrativeRole } from '@/lib/session';
import { ProfileDialog } from './profile-dialog';

type ProfileMenuProps = {
  user: SessionUser | null;
  onLogout: () => void;
};

/** The top bar's 'My Profile' dropdown, shared by the administration area and the user portal. */
export function ProfileMenu({ user, onLogout }: ProfileMenuProps) {
  const [profileOpened, profile] = useDisclosure(false);
  const name = displayName(user);

  return (
    <>
      <Menu position="bottom-end" width={280} shadow="md" withArrow>
        <Menu.Target>
          <UnstyledButton aria-label="Open profile menu">
            <Avatar src={user?.profilePicture || null} alt={name} radius="xl" color="blue" />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>My Profile</Menu.Label>
          <Group gap="sm" px="sm" py="xs" wrap="nowrap">
            <Avatar src={user?.profilePicture || null} alt={name} size="lg" radius="xl" color="blue" />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {name}
              </Text>
              {user?.email ? (
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              ) : null}
            </div>
          </Group>
          <Menu.Divider />
          <Menu.Item leftSection={<IconUser size={16} />} onClick={profile.open}>
            Profile
          </Menu.Item>
          {hasAdministrativeRole(user) ? (
            <Menu.Item leftSection={<IconSettings size={16} />} component={Link} to="/app/dashboard">
              Adminstration Option
            </Menu.Item>
          ) : null}
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={onLogout}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ProfileDialog user={user} opened={profileOpened} onClose={profile.close} />
    </>
  );
}
