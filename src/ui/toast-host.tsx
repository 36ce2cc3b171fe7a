import './toast-host.css';
import { TOAST_AUTOCLOSE_MS, TOAST_LIMIT } from '@contract/constants';
import { Notifications } from '@mantine/notifications';

/**
 * The toast area of spec 9, at most three at a time. At the bottom left, not the top right: there
 * it covered the page's top buttons and the profile menu, and the bottom right holds the forms'
 * Save buttons and the drawers. A phone gets the width of the screen, as its snackbars do.
 */
export default function ToastHost() {
  return (
    <Notifications
      position="bottom-left"
      limit={TOAST_LIMIT}
      autoClose={TOAST_AUTOCLOSE_MS}
      classNames={{ root: 'toast-container' }}
    />
  );
}
