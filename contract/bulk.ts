import * as v from 'valibot';

/** Body of bulk operations (spec 3: 'Bulk operations send bulkId'). */
export const bulkIdSchema = v.object({
  bulkId: v.pipe(
    v.array(v.pipe(v.string(), v.uuid('Each selected id must be a valid id.'))),
    v.minLength(1, 'Select at least one record.'),
    v.maxLength(500, 'Select at most 500 records at a time.'),
  ),
});
export type BulkIdInput = v.InferInput<typeof bulkIdSchema>;

/** What an operation route (`PATCH /checklist/operation`) does to the records of `bulkId`. */
export const BULK_OPERATIONS = ['publish', 'unpublish', 'delete'] as const;
export type BulkOperation = (typeof BULK_OPERATIONS)[number];
const OPERATION_INVALID = 'Operation must be publish, unpublish or delete.';

/** Body of an operation route: publish, unpublish or delete the records of `bulkId`. */
export const bulkOperationSchema = v.object({
  // A missing operation reads as empty, so it gets this message rather than valibot's generic one.
  operation: v.pipe(
    v.optional(v.string(OPERATION_INVALID), ''),
    v.picklist(BULK_OPERATIONS, OPERATION_INVALID),
  ),
  ...bulkIdSchema.entries,
});
export type BulkOperationInput = v.InferInput<typeof bulkOperationSchema>;
