/** What the Team Report's lists share: their cap and how they name a member. */

/** Activity and attendance lists are newest first and capped, so a large team never loads them all. */
export const VIEW_LIMIT = 100;

export const member = (row: { user_id: string; first_name: string; last_name: string }) => ({
  _id: row.user_id,
  firstName: row.first_name,
  lastName: row.last_name,
});
