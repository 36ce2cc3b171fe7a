import { MantineProvider } from '@mantine/core';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { colorSchemeManager } from '@/lib/theme-store';
import { Toaster } from '@/ui/toaster';
import { persistOptions } from './persister';
import { queryClient } from './query-client';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // The device's scheme unless the user picked one in the profile menu (kept in the theme store).
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Toaster />
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={persistOptions}
        // The saved cache shows at once, but it may be older than the last screen seen (it is written
        // at most once a second) or than the server: what it restored is fetched again when online.
        onSuccess={() => queryClient.invalidateQueries()}
      >
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
