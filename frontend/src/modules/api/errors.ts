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
};

/**
 * The text to show for a failure: the catalogue's text for a known code, otherwise the
 * server's message (validation and rule texts come from the spec and name the specifics).
 */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = ERROR_KEYS[error.code];
    if (key) return t(key, { message: error.message });
    return error.message;
  }
  return t('errors.somethingWentWrong');
}
