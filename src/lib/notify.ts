import { PORTAL_TOAST_AUTOCLOSE_MS, TOAST_AUTOCLOSE_MS } from '@contract/constants';
import { notifications } from '@mantine/notifications';

/** Toasts close sooner inside the user portal (spec 9). */
export function toastAutoClose(): number {
  return window.location.pathname.startsWith('/user-portal') ? PORTAL_TOAST_AUTOCLOSE_MS : TOAST_AUTOCLOSE_MS;
}

type Toast = { message: string; id?: string };

/** A toast with an id already on screen is not shown twice (Mantine keeps the first). */
function show(color: string, { message, id }: Toast) {
  notifications.show({ id, message, color, autoClose: toastAutoClose(), withCloseButton: true });
}

/** The app's toasts; one with a button of its own is `showActionToast` (action-toast.tsx). */
export const toast = {
  success: (message: string) => show('green', { message }),
  info: (message: string) => show('blue', { message }),
  error: (message: string, id?: string) => show('red', { message, id }),
  hide: (id: string) => notifications.hide(id),
};
