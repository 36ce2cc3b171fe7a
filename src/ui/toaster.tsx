import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';

const ToastHost = lazy(() => import('./toast-host'));

function hasToasts(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
}

/**
 * Mounts the toast area when the first toast is raised. Toasts are kept in Mantine's store until then,
 * so none is lost; the login page does not download the toast renderer until it has something to say.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(notificationsStore.subscribe, hasToasts);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
