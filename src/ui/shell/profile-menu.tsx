import type { SessionUser } from '@contract/session';
import { Avatar, Group, isMantineColorScheme, Menu, Text, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { displayName, hasAdministrativeRole } from '@/lib/session';
import { useId } from '@/lib/stable-id';
import { MountWhen } from '../lazy-mount';
import { ProfileButton } from './profile-button';
import { ProfileDialog } from './profile-dialog';

export type ProfileMenuProps = {
  user: SessionUser | null;
  onLogout: () => void;
  /** Its button takes the focus as it mounts (in place of its stand-in, see DeferredProfileMenu). */
  autoFocus?: boolean;
  /** Opens as it mounts: its stand-in was clicked. */
  defaultOpened?: boolean;
};

/** The top bar's 'My Profile' dropdown, shared by the administration area and the user portal. */
export function ProfileMenu({ user, onLogout, autoFocus, defaultOpened }: ProfileMenuProps) {
  const [profileOpened, profile] = useDisclosure(false);
  const name = displayName(user);

  return (
    <>
      {/* No focus placeholder: a tabbable element inside role=menu that is not an item breaks its structure. */}
      <Menu
        position="bottom-end"
        width={280}
        shadow="md"
        withArrow
        withInitialFocusPlaceholder={false}
        defaultOpened={defaultOpened}
      >
        <Menu.Target>
          <ProfileButton user={user} autoFocus={autoFocus} />
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
          <ColorSchemeItems />
          <Menu.Divider />
          {/* The error colour of the theme, which reads at 4.5:1 in both schemes (Mantine's red 6 does not). */}
          <Menu.Item leftSection={<IconLogout size={16} />} c="var(--mantine-color-error)" onClick={onLogout}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* In the page from its first opening: every signed-in screen's first render leaves it out. */}
      <MountWhen when={profileOpened}>
        <ProfileDialog user={user} opened={profileOpened} onClose={profile.close} />
      </MountWhen>
    </>
  );
}

const COLOR_SCHEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Follow device' },
] as const;

/** Light, dark, or the device's scheme (the default); the choice is kept on the device (lib/theme-store). */
function ColorSchemeItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  return (
    <>
      <Menu.Divider />
      <fieldset aria-labelledby={labelId} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Menu.Label id={labelId}>Appearance</Menu.Label>
        <Menu.RadioGroup
          value={colorScheme}
          onChange={(value) => {
            if (isMantineColorScheme(value)) setColorScheme(value);
          }}
        >
          {COLOR_SCHEMES.map(({ value, label }) => (
            <Menu.RadioItem key={value} value={value}>
              {label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </fieldset>
    </>
  );
}
