import { MantineProvider } from '@mantine/core';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { colorSchemeManager } from '@/lib/theme-store';
import { Toaster } from '@/ui/toaster';
import { queryClient } from './query-client';
import { router } from './router';
import type { SavedCache } from './saved-cache';
import { cssVariablesResolver, theme } from './theme';

/**
 * The app's providers and router. While the saved cache is still being read back (a start without a
 * session renders at once), queries show what is cached and wait to fetch, as with
 * PersistQueryClientProvider; a signed-in start renders once it is back, with no such state to leave.
 */
export function App({ savedCache }: { savedCache: SavedCache }) {
  const [restoring, setRestoring] = useState(() => !savedCache.isRestored());
  useEffect(() => {
    let mounted = true;
    void savedCache.restored.then(() => {
      if (mounted) setRestoring(false);
    });
    return () => {
      mounted = false;
    };
  }, [savedCache]);
  useEffect(() => {
    if (!restoring) savedCache.refetchRestored();
  }, [restoring, savedCache]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // The device's scheme unless the user picked one in the profile menu (kept in the theme store).
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Toaster />
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={restoring}>
          <RouterProvider router={router} />
        </IsRestoringProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
