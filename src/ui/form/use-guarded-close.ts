import { useCallback, useRef } from 'react';
import { askConfirm } from '../confirm-host';

/**
 * The close of a dialog holding a form: with changes not saved, closing it by Cancel, its close
 * button, Escape or a click outside asks "Discard unsaved changes?" first, and Keep editing keeps
 * it open as it was. A save closes the dialog with the plain close, so it never asks. Leaving the
 * page from the dialog is the router's blocker's (`useUnsavedChangesBlocker`, or `useRecordForm`).
 *
 *   const close = useGuardedClose(() => value !== initial, onClose);
 *   <Modal opened onClose={close}>… <Button onClick={close}>Cancel</Button>
 */
export function useGuardedClose(isUnsaved: () => boolean, close: () => void) {
  const latest = useRef({ isUnsaved, close });
  latest.current = { isUnsaved, close };
  const asking = useRef(false);
  return useCallback(async () => {
    // Escape or a second click while the question is open does not ask twice.
    if (asking.current) return;
    if (latest.current.isUnsaved()) {
      asking.current = true;
      // Asked once the closing event is over: an Escape would otherwise also reach the question's
      // own dialog (Mantine's modals hear Escape on the window) and close it at once.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const discard = await askConfirm('discard').finally(() => {
        asking.current = false;
      });
      if (!discard) return;
    }
    latest.current.close();
  }, []);
}
