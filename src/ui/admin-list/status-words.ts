import type { StatusFilter } from '@contract/admin-list';

/** A list's records are published/unpublished (most) or enabled/disabled (users, courses, lessons). */
export type StatusWords = 'publish' | 'enable';

export const statusText = {
  publish: { on: 'Published', off: 'Unpublished', turnOn: 'Publish', turnOff: 'Unpublish' },
  enable: { on: 'Enabled', off: 'Disabled', turnOn: 'Enable', turnOff: 'Disable' },
} as const;

export function statusFilterOptions(words: StatusWords): { value: StatusFilter; label: string }[] {
  return [
    { value: 'all', label: 'All' },
    { value: 'true', label: statusText[words].on },
    { value: 'false', label: statusText[words].off },
  ];
}
