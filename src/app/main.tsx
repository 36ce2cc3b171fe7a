import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshSessionUser } from '@/features/auth/session';
import { onSignOut, rehydrateAuth } from '@/lib/auth-store';
import { rehydrateTheme } from '@/lib/theme-store';
import { App } from './providers';
import { queryClient } from './query-client';
import { router } from './router';

// Signing out from anywhere (the profile menu, or a 401/403 answer) drops cached data and goes to /login.
onSignOut(() => {
  queryClient.clear();
  void router.navigate({ to: '/login' });
});

async function start() {
  // The saved session decides the first screen, so it is read before anything renders (bounded by a timeout).
  await Promise.all([rehydrateAuth(), rehydrateTheme()]);

  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

  void refreshSessionUser(queryClient);
  // The worker (and workbox-window with it) is not needed for the first screen: register once the page has loaded.
  const register = () =>
    import('@/lib/pwa')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.error('Could not load the service worker registration', error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

void start();
