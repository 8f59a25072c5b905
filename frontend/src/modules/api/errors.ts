import type { TFunction } from 'i18next';
import { ApiError } from './ApiError';

/**
 * Catalogue keys of the server's error codes. A code not listed here shows the server's own
 * message, which is the spec's text word for word.
 */
export const ERROR_KEYS: Record<string, string> = {
  wrong_credentials: 'errors.wrongCredentials',
  email_taken: 'errors.emailTaken',
  invalid_email: 'errors.invalidEmail',
  invalid_code: 'errors.wrongCode',
  code_expired: 'errors.codeExpired',
  code_exhausted: 'errors.codeExhausted',
  too_many_attempts: 'errors.tooManyAttempts',
  wrong_password: 'errors.incorrectPassword',
  already_confirmed: 'errors.alreadyConfirmed',
  invalid_invite_code: 'errors.invalidInviteCode',
  invite_not_yours: 'errors.inviteNotYours',
  invite_resolved: 'errors.inviteResolved',
  already_a_member: 'errors.alreadyMember',
  not_authenticated: 'errors.notAuthenticated',
  permission_denied: 'errors.permissionDenied',
  not_owner: 'errors.notOwner',
  no_active_store: 'errors.noActiveStore',
  employee_not_found: 'errors.employeeNotFound',
  employee_deactivated: 'errors.employeeDeactivated',
  role_not_found: 'errors.roleNotFound',
  stale_shift: 'errors.staleShift',
  network_error: 'errors.network',
  unexpected_response: 'errors.somethingWentWrong',
  internal_error: 'errors.somethingWentWrong',
  service_unavailable: 'errors.serviceUnavailable',
  store_busy: 'errors.serviceUnavailable',
  store_restarting: 'errors.serviceUnavailable',
  payload_too_large: 'errors.payloadTooLarge',
  // The time clock's refusals, rendered with the details the server sends.
  clock_not_announced: 'clock.errors.notAnnounced',
  clock_too_early: 'clock.errors.tooEarly',
  clock_shift_over: 'clock.errors.over',
  clock_role_cannot_start: 'clock.errors.roleCannotStart',
  clock_role_cannot_clock_in: 'clock.errors.roleCannotClockIn',
  clock_already_on: 'clock.errors.alreadyOn',
  clock_already_started: 'clock.errors.alreadyStarted',
  clock_not_on: 'clock.errors.notOn',
  clock_on_break: 'clock.errors.onBreak',
  clock_not_on_break: 'clock.errors.notOnBreak',
  clock_needs_code: 'clock.errors.needsCode',
  clock_needs_location: 'clock.errors.needsLocation',
  clock_bad_code: 'clock.errors.badCode',
  clock_code_used: 'clock.errors.codeUsed',
  clock_outside: 'clock.errors.outside',
  clock_no_place: 'clock.errors.noPlace',
  clock_punch_too_old: 'clock.errors.punchTooOld',
  clock_punch_future: 'clock.errors.punchFuture',
  clock_punch_out_of_order: 'clock.errors.punchOutOfOrder',
  clock_nothing: 'clock.errors.nothing',
  proposal_answered: 'clock.errors.proposalAnswered',
  proposal_running: 'clock.errors.proposalRunning',
  period_approved: 'clock.errors.periodApproved',
  wrong_code: 'errors.wrongCode',
  device_not_authorized: 'clock.errors.deviceNotAuthorized',
};

/**
 * The text to show for a failure: the catalogue's text for a known code, filled in with the
 * error's details (or `params`, where a caller formats them, e.g. times in the store's zone),
 * otherwise the server's message (validation and rule texts come from the spec and name the
 * specifics).
 */
export function errorText(t: TFunction, error: unknown, params?: Record<string, unknown>): string {
  if (error instanceof ApiError) {
    const key = ERROR_KEYS[error.code];
    const details = error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
    if (key) return t(key, { ...details, ...params, message: error.message });
    return error.message;
  }
  return t('errors.somethingWentWrong');
}
