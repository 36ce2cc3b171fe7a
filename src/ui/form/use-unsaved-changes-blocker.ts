import { type ShouldBlockFn, useBlocker } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { askConfirm } from '../confirm-host';

/**
 * Asks "Discard unsaved changes?" before the app leaves a form with changes (a link, Cancel, the
 * browser's Back) and lets the browser ask before the tab closes or reloads. `isUnsaved` is read
 * at the moment of leaving, so a save that just went through lets its own navigation pass.
 * Every record form has it through `useRecordForm`; a form of its own calls it directly.
 */
export function useUnsavedChangesBlocker(isUnsaved: () => boolean, { disabled = false } = {}) {
  const latest = useRef(isUnsaved);
  latest.current = isUnsaved;

  // Stable, so the router keeps one blocker for the form's life instead of one per render.
  const shouldBlockFn = useCallback<ShouldBlockFn>(async ({ current, next }) => {
    // A change of the search alone (a tab, a page of a list) keeps the form where it is.
    if (next.pathname === current.pathname || !latest.current()) return false;
    return !(await askConfirm('discard'));
  }, []);
  const enableBeforeUnload = useCallback(() => latest.current(), []);

  useBlocker({ shouldBlockFn, enableBeforeUnload, disabled });
}
