/** v1 API paths (spec section 7), relative to API_BASE. */
export const API_BASE = '/api/v1';

export const paths = {
  login: '/login',
  logout: '/logout',
  forgetPassword: '/forget-password',
  resetPassword: '/reset-password',
  me: '/user/me',
  sidebar: '/sidebar',
  location: '/location',
  department: '/department',
  role: '/role',
  membership: '/membership',
} as const;
