import { PORTAL_TOAST_AUTOCLOSE_MS, TOAST_AUTOCLOSE_MS } from '@contract/constants';
import { notifications, notificationsStore } from '@mantine/notifications';
import { createElement } from 'react';
import { ActionToastBody } from './action-toast-body';

/** Toasts close sooner inside the user portal (spec 9). */
function autoClose(): number {
  return window.location.pathname.startsWith('/user-portal') ? PORTAL_TOAST_AUTOCLOSE_MS : TOAST_AUTOCLOSE_MS;
}

type Toast = { message: string; id?: string };

/** A toast with an id already on screen is not shown twice (Mantine keeps the first). */
function show(color: string, { message, id }: Toast) {
  notifications.show({ id, message, color, autoClose: autoClose(), withCloseButton: true });
}

type ActionToast = {
  id: string;
  color: string;
  message: string;
  /** One button under the message; pressing it closes the toast. */
  action: { label: string; onClick: () => void };
};

/**
 * A toast that offers what to do about it, e.g. a refused offline change with a button opening the
 * offline changes. One with the same id on screen is updated, so it always says the latest.
 */
function withAction({ id, color, message, action }: ActionToast) {
  const body = createElement(ActionToastBody, {
    message,
    label: action.label,
    color,
    onClick: () => {
      notifications.hide(id);
      action.onClick();
    },
  });
  const toast = { id, message: body, color, autoClose: autoClose(), withCloseButton: true };
  const { notifications: shown, queue } = notificationsStore.getState();
  if ([...shown, ...queue].some((item) => item.id === id)) notifications.update(toast);
  else notifications.show(toast);
}

export const toast = {
  success: (message: string) => show('green', { message }),
  info: (message: string) => show('blue', { message }),
  error: (message: string, id?: string) => show('red', { message, id }),
  withAction,
  hide: (id: string) => notifications.hide(id),
};
