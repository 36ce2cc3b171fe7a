import * as v from 'valibot';

/**
 * What the member routes check before anything loads. Kept apart from the loaders so the routes'
 * always-loaded part (and so /login's first load) does not carry the form's queries.
 */
const uuid = v.pipe(v.string(), v.uuid());

/** Ids in the address are uuids; anything else is a page that does not exist. */
export const isUuid = (value: string) => v.is(uuid, value);

/** `?team=` of the edit screen; a hand-edited bad value is dropped instead of failing the page. */
export const memberEditSearchSchema = v.object({
  team: v.fallback(v.optional(uuid), undefined),
});
