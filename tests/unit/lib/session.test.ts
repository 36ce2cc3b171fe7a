import type { AdministrativeRole } from '@contract/session';
import { describe, expect, it } from 'vitest';
import { displayName, hasAdministrativeRole, homePathFor } from '@/lib/session';

const role = (status: boolean): AdministrativeRole => ({ _id: 'r1', name: 'Admin', status, permissions: {} });

describe('session rules', () => {
  it('sends a user whose administrative role is active to the administration area', () => {
    expect(hasAdministrativeRole({ adminstrativeRoleId: role(true) })).toBe(true);
    expect(homePathFor({ adminstrativeRoleId: role(true) })).toBe('/app/dashboard');
  });

  it('sends everyone else to the user portal', () => {
    expect(homePathFor({ adminstrativeRoleId: role(false) })).toBe('/user-portal/user-dashboard');
    expect(homePathFor({ adminstrativeRoleId: null })).toBe('/user-portal/user-dashboard');
    expect(homePathFor(null)).toBe('/user-portal/user-dashboard');
  });

  it('capitalises each word of the full name', () => {
    expect(displayName({ firstName: 'ada mary', lastName: 'lovelace' })).toBe('Ada Mary Lovelace');
    expect(displayName({ firstName: '  grace ', lastName: '' })).toBe('Grace');
  });

  it("shows 'N/A' for an empty name", () => {
    expect(displayName({ firstName: '', lastName: ' ' })).toBe('N/A');
    expect(displayName(null)).toBe('N/A');
  });
});
