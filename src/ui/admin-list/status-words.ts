import type { StatusFilter } from '@contract/admin-list';
import { type StatusWords, statusText } from '@contract/resource';
import type { ConfirmVariant } from '../confirm-dialog';

/** The dialog that asks before turning records on or off: Confirm Publish, or Confirm Disable for users. */
export function statusConfirmVariant(words: StatusWords, turnOn: boolean): ConfirmVariant {
  if (words === 'enable') return turnOn ? 'enable' : 'disable';
  return turnOn ? 'publish' : 'unpublish';
}

export function statusFilterOptions(words: StatusWords): { value: StatusFilter; label: string }[] {
  return [
    { value: 'all', label: 'All' },
    { value: 'true', label: statusText[words].on },
    { value: 'false', label: statusText[words].off },
  ];
}
