import type { PermissionArea } from './modules.ts';

/** A list's records are published/unpublished (most) or enabled/disabled (users, courses, lessons). */
export type StatusWords = 'publish' | 'enable';

/** The spec's words for each state and for the buttons and dialogs that change it. */
export const statusText = {
  publish: { on: 'Published', off: 'Unpublished', turnOn: 'Publish', turnOff: 'Unpublish' },
  enable: { on: 'Enabled', off: 'Disabled', turnOn: 'Enable', turnOff: 'Disable' },
} as const;

/**
 * What the shared administration routes and screens need to know of one resource: where it lives,
 * which permission governs it and how its status is spoken of. The server's status routes and the
 * client's list and permission checks read it, so nothing falls back to another module's rights.
 */
export type ResourceDescriptor = PermissionArea & {
  /** The resource's API path, e.g. '/user-group' (the spec's slug). */
  path: string;
  statusWords: StatusWords;
  /** What one record is called in messages and the offline changes panel: 'user group'. */
  noun: string;
};

export function defineResource<const R extends ResourceDescriptor>(resource: R): R {
  return resource;
}

/** The shared routes of a resource (contract/admin-list.ts), derived from its descriptor. */
export function resourcePaths({ path, statusWords }: Pick<ResourceDescriptor, 'path' | 'statusWords'>) {
  const [on, off] = statusWords === 'enable' ? ['enable', 'disable'] : ['publish', 'unpublish'];
  return {
    list: path,
    /** `GET` reads a record, `PATCH` updates it, `POST` with no body flips its status. */
    one: (id: string) => `${path}/${id}`,
    bulkOn: `${path}/bulk-${on}`,
    bulkOff: `${path}/bulk-${off}`,
    bulkDelete: `${path}/bulk-delete`,
  };
}
