import './toast-host.css';
import { TOAST_AUTOCLOSE_MS, TOAST_LIMIT } from '@contract/constants';
import { Notifications } from '@mantine/notifications';

/**
 * The toast area of spec 2 and 9: at the top right, at most three at a time. It starts below the
 * top bar (toast-host.css), so the outbox badge and the profile menu stay reachable while a toast
 * shows; a phone gives it the width of the screen, as its snackbars do.
 */
export default function ToastHost() {
  return (
    <Notifications
      position="top-right"
      limit={TOAST_LIMIT}
      autoClose={TOAST_AUTOCLOSE_MS}
      classNames={{ root: 'toast-container' }}
    />
  );
}
