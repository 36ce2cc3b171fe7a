/** The team picker's label and placeholder, shared by the picker and the field standing in for it. */
export const ORGANIZATION_LABEL = 'Organization :';
export const ORGANIZATION_PLACEHOLDER = 'Search organization';
