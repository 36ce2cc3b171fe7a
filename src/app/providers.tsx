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
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
