import type { PermissionArea } from '@contract/modules';

/** The permission area of the Attendees screens (and of the attendance they mark). */
export const ATTENDEES_AREA: PermissionArea = { module: 'event-management', submodule: 'attendees' };
