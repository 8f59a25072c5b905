import { describe, expect, it } from 'vitest';
import { employee } from '@/test/fixtures';
import { employeeStatusKey } from './employeeForm';

describe('employee status', () => {
  const now = Date.UTC(2026, 10, 23, 12);

  it('is invited until the invitation lapses, then expired', () => {
    expect(employeeStatusKey(employee({ userId: null, inviteExpire: now + 1 }), now)).toBe('team.status.invited');
    expect(employeeStatusKey(employee({ userId: null, inviteExpire: now }), now)).toBe('team.status.inviteExpired');
    expect(employeeStatusKey(employee({ userId: null }), now), 'expiry unknown').toBe('team.status.invited');
  });

  it('is active once joined, and deactivated above all', () => {
    expect(employeeStatusKey(employee(), now)).toBe('team.status.active');
    expect(employeeStatusKey(employee({ deactive: true, userId: null, inviteExpire: 0 }), now)).toBe('team.status.deactive');
  });
});
