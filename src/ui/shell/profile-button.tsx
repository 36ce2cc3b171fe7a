import type { SessionUser } from '@contract/session';
import { Avatar, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { displayName } from '@/lib/session';
import { lazyUntilUsed, UntilUsed } from '../until-used/until-used';
import type { ProfileMenuProps } from './profile-menu';

type ProfileButtonProps = ComponentPropsWithoutRef<'button'> & {
  user: SessionUser | null;
  ref?: Ref<HTMLButtonElement>;
};

/** The top bar's avatar button that opens 'My Profile', drawn by the menu and by its stand-in. */
export function ProfileButton({ user, ...props }: ProfileButtonProps) {
  return (
    <UnstyledButton aria-label="Open profile menu" {...props}>
      <Avatar src={user?.profilePicture || null} alt={displayName(user)} radius="xl" color="blue" />
    </UnstyledButton>
  );
}

const menu = lazyUntilUsed<ProfileMenuProps>(() =>
  import('./profile-menu').then((module) => ({ default: module.ProfileMenu })),
);

/**
 * The profile menu (ProfileMenu), in the page once its button is clicked (it opens) or takes the
 * focus; until then the same button stands in, so a signed-in screen's first render builds no menu
 * (see lazyUntilUsed).
 */
export function DeferredProfileMenu(props: Omit<ProfileMenuProps, 'autoFocus' | 'defaultOpened'>) {
  return (
    <UntilUsed
      preload={menu.preload}
      standIn={(handlers) => (
        <ProfileButton user={props.user} aria-haspopup="menu" aria-expanded={false} {...handlers} />
      )}
    >
      {(reachedBy) => <menu.Component {...props} autoFocus defaultOpened={reachedBy === 'press'} />}
    </UntilUsed>
  );
}
