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
