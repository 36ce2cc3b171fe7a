/**
 * The header every write sent from the service worker's outbox carries: when the change was made on
 * the device (the outbox entry's creation time, ISO 8601), sent unchanged on each replay. The server
 * dates learner records by it within bounds it can defend (docs/decisions/019-when-offline-work-happened.md).
 */
export const DEVICE_TIME_HEADER = 'Outbox-Created-At';
