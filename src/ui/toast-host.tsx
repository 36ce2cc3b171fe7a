import './toast-host.css';
import { TOAST_AUTOCLOSE_MS, TOAST_LIMIT } from '@contract/constants';
import { Notifications } from '@mantine/notifications';

/** The toast area of spec 9: top-right, at most three at a time, below the top bar. */
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
