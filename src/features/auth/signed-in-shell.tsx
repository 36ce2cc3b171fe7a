import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth-store';
import { ConfirmHost } from '@/ui/confirm-host';
import { DeferredProfileMenu } from '@/ui/shell/profile-button';
import { ShellLayout, type SidebarRenderProps } from '@/ui/shell/shell-layout';
import { useLogout } from './use-logout';

type SignedInShellProps = {
  sidebar: (props: SidebarRenderProps) => ReactNode;
  children: ReactNode;
};

/** The shell with the signed-in user's profile menu, for both signed-in areas. */
export function SignedInShell({ sidebar, children }: SignedInShellProps) {
  const user = useAuth((state) => state.user);
  const logout = useLogout();
  return (
    <ShellLayout
      sidebar={sidebar}
      actions={<DeferredProfileMenu user={user} onLogout={() => void logout()} />}
    >
      {children}
      {/* Confirmations are only asked inside the signed-in areas; mounting here keeps Modal off the login bundle. */}
      <ConfirmHost />
    </ShellLayout>
  );
}
