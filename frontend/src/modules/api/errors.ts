import type { TFunction } from 'i18next';
import { ApiError } from './ApiError';

/**
 * Catalogue keys of the server's error codes. A code not listed here shows the server's own
 * message, which is the spec's text word for word.
 */
export const ERROR_KEYS: Record<string, string | ((details: Record<string, unknown>) => string)> = {
  // A refused shift, worded from the parameters the server sends beside its English text.
  shift_conflict: (d) => (typeof d.count === 'number' ? 'errors.shift.conflict' : 'errors.shift.updateConflict'),
  unavailable: 'errors.shift.unavailable',
  time_off_conflict: 'errors.shift.timeOff',
  mismatched_roles: 'errors.shift.mismatchedRoles',
  wrong_credentials: 'errors.wrongCredentials',
  email_taken: 'errors.emailTaken',
  invalid_email: 'errors.invalidEmail',
  invalid_code: 'errors.wrongCode',
  code_expired: 'errors.codeExpired',
  code_exhausted: 'errors.codeExhausted',
  too_many_attempts: 'errors.tooManyAttempts',
  wrong_password: 'errors.incorrectPassword',
  already_confirmed: 'errors.alreadyConfirmed',
  // Signing in by a mailed code or through Google, and changes of what signs in.
  sign_in_again: 'errors.signInAgain',
  owns_store: 'privacy.errors.ownsStore',
  deletion_not_confirmed: 'privacy.errors.notConfirmed',
  not_authenticated_with_google: 'errors.notWithGoogle',
  password_exists: 'errors.passwordExists',
  no_password: 'errors.noPassword',
  sign_in_expired: 'auth.google.errors.expired',
  linked_elsewhere: 'auth.google.errors.linkedElsewhere',
  unverified_email: 'auth.google.errors.unverified',
  state_mismatch: 'auth.google.errors.otherBrowser',
  token_refused: 'auth.google.errors.refused',
  provider_unavailable: 'auth.google.errors.unavailable',
  cancelled: 'auth.google.errors.cancelled',
  google_not_configured: 'auth.google.errors.notConfigured',
  sign_in_race: 'auth.google.errors.race',
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
  no_data: 'sheets.noData',
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
  invalid_worked_times: 'clock.errors.workedTimes',
  clocked_work: 'clock.errors.clockedWork',
  wrong_code: 'errors.wrongCode',
  device_not_authorized: 'clock.errors.deviceNotAuthorized',
  // A manager's announcement.
  announcement_no_title: 'announce.errors.noTitle',
  announcement_title_too_long: 'announce.errors.titleTooLong',
  announcement_no_content: 'announce.errors.noContent',
  announcement_too_long: 'announce.errors.tooLong',
  too_many_recipients: 'announce.errors.tooMany',
  // Support.
  ticket_not_found: 'support.errors.notFound',
  not_support_staff: 'support.errors.notStaff',
  invalid_ticket_status: 'support.errors.status',
  ticket_thread_full: 'support.errors.threadFull',
  attachment_invalid: 'support.errors.attachmentInvalid',
  file_not_jpg_or_zip: 'support.attachment.type',
  invalid_rating: 'support.feedback.choose',
  // The chat's and the uploads' refusals.
  message_empty: 'chat.errors.empty',
  message_too_long: 'chat.errors.tooLong',
  announcement_only: 'chat.errors.announcementOnly',
  message_not_yours: 'chat.errors.notYours',
  message_deleted: 'chat.errors.deleted',
  conversation_not_found: 'chat.errors.conversationNotFound',
  message_not_found: 'chat.errors.messageNotFound',
  file_empty: 'files.errors.empty',
  file_too_large: 'files.errors.tooLarge',
  file_type_not_allowed: 'files.errors.type',
  file_not_image: 'files.errors.notImage',
  image_unreadable: 'files.errors.badImage',
  file_not_found: 'files.errors.notFound',
  // The pool's, the polls' and the requests' refusals.
  already_taken: 'pool.errors.taken',
  already_started: 'pool.errors.started',
  no_open_shift: 'pool.errors.noOpenShift',
  no_drop_request: 'pool.errors.noDropRequest',
  request_resolved: 'errors.requestResolved',
  start_after_end: 'errors.startAfterEnd',
  cannot_vote: 'chat.errors.cannotVote',
  survey_question: 'chat.errors.surveyQuestion',
  survey_too_long: 'chat.errors.surveyTooLong',
  survey_answers: 'chat.errors.surveyAnswers',
  survey_too_many_answers: 'chat.errors.surveyTooManyAnswers',
  vote_choices: 'chat.errors.voteChoices',
  vote_empty: 'chat.errors.voteEmpty',
  survey_not_found: 'chat.errors.surveyNotFound',
  survey_action_undefined: 'chat.errors.surveyActionUndefined',
  survey_has_votes: 'chat.errors.surveyHasVotes',
  survey_closed: 'chat.errors.surveyClosed',
  survey_message: 'chat.errors.surveyMessage',
  announcement_by_managers: 'chat.errors.announcementByManagers',
  direct_needs_one: 'chat.errors.directNeedsOne',
  group_too_small: 'chat.errors.groupTooSmall',
  group_too_large: 'chat.errors.groupTooLarge',
  proposal_not_found: 'clock.errors.proposalNotFound',
  // Undo on the board.
  undo_changed_since: 'boardActions.undo.changedSince',
  undo_shift_gone: 'boardActions.undo.gone',
  assignment_refused: 'labour.auto.refused',
  // Client booking: the managers' screens and the client's public pages.
  required: (d) => REQUIRED_KEYS[String(d.field)] ?? 'errors.serverText',
  event_not_found: 'booking.errors.eventNotFound',
  slot_full: 'booking.errors.slotFull',
  hold_expired: 'booking.errors.holdExpired',
  invalid_link: 'booking.errors.invalidLink',
  link_expired: 'booking.errors.linkExpired',
  rate_limited: 'booking.errors.rateLimited',
  booking_disabled: 'booking.errors.bookingDisabled',
  booking_closed: 'booking.errors.bookingClosed',
  booking_not_open: 'booking.errors.bookingNotOpen',
  invalid_slot: 'booking.errors.invalidSlot',
  employee_choice_not_allowed: 'booking.errors.employeeChoiceNotAllowed',
  invalid_duration: 'booking.validation.duration',
  window_one_day: 'booking.errors.windowOneDay',
  window_too_short: 'booking.validation.windowTooShort',
  invalid_capacity: 'booking.validation.capacity',
  invalid_rooms: 'booking.validation.rooms',
  invalid_window: (d) => (d.field === 'reservationWindowStart' ? 'booking.validation.opens' : 'booking.validation.closes'),
  invalid_repeat: 'booking.errors.invalidRepeat',
  invalid_url: 'booking.validation.url',
  url_taken: 'booking.errors.urlTaken',
  session_has_clients: 'booking.errors.sessionHasClients',
  employee_unavailable: 'booking.errors.employeeUnavailable',
  reservation_cancelled: 'booking.errors.reservationCancelled',
  same_slot: 'booking.errors.sameSlot',
  session_cancelled: 'booking.errors.sessionCancelled',
  invalid_phone: 'validation.phone',
  rejected: 'booking.errors.rejected',
  // A plan's limits, worded from the store's plan, what it allows and the plan that lifts it.
  plan_limit: (d) =>
    d.limit === 'assistant'
      ? d.lifting ? 'billing.errors.assistant' : 'billing.errors.assistantNone'
      : `billing.errors.${d.lifting ? 'limitLifting' : 'limit'}.${counted(d)}`,
  plan_read_only: (d) => `billing.errors.${d.lifting ? 'readOnlyLifting' : 'readOnly'}.${counted(d)}`,
  billing_off: 'billing.errors.off',
  plan_current: 'billing.errors.current',
  non_profit_unavailable: 'billing.errors.nonProfitUnavailable',
  no_subscription: 'billing.errors.noSubscription',
  payment_provider_unavailable: 'billing.errors.providerUnavailable',
  // The voice assistant's worker and rate; a recording's refusals show the server's text.
  assistant_unavailable: 'voice.unavailable',
  assistant_busy: 'voice.busy',
  too_many_commands: 'voice.tooMany',
};

/** The refusals of a plan's limits: wherever a call meets one, it says what the plan allows. */
export const PLAN_REFUSALS: ReadonlySet<string> = new Set(['plan_limit', 'plan_read_only']);

/** What a plan's refusal counts: its employees or its roles. */
const counted = (details: Record<string, unknown>) => (details.limit === 'roles' ? 'roles' : 'employees');

/** The spec's required-field texts by the field a `required` refusal names (`details.field`). */
const REQUIRED_KEYS: Record<string, string> = {
  title: 'booking.validation.titleRequired',
  role: 'booking.validation.roleRequired',
  start: 'booking.validation.startRequired',
  end: 'booking.validation.endRequired',
  sessionDuration: 'booking.validation.durationRequired',
  name: 'booking.public.nameRequired',
  email: 'booking.public.emailRequired',
  phonenumber: 'booking.public.phoneRequired',
  reservationSlot: 'booking.public.slotRequired',
  date: 'booking.public.dateRequired',
  session: 'booking.public.sessionRequired',
};

/** The catalogue key of a refusal's code, for codes that arrive without an answer around them. */
export function errorKey(code: string): string | undefined {
  const entry = ERROR_KEYS[code];
  return typeof entry === 'string' ? entry : undefined;
}

/**
 * The text to show for a failure: the catalogue's text for a known code, filled in with the
 * error's details (or `params`, where a caller formats them, e.g. times in the store's zone),
 * otherwise the server's message (validation and rule texts come from the spec and name the
 * specifics).
 */
export function errorText(t: TFunction, error: unknown, params?: Record<string, unknown>): string {
  if (error instanceof ApiError) {
    const entry = ERROR_KEYS[error.code];
    const details = error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
    const key = typeof entry === 'function' ? entry(details) : entry;
    if (key) return t(key, { ...isolated(details), ...params, message: error.message });
    return error.message;
  }
  return t('errors.somethingWentWrong');
}

/**
 * Text parameters set apart from the sentence around them (Unicode first-strong isolates): a
 * Latin name inside a Persian sentence, or the reverse, keeps its own direction and leaves the
 * sentence's punctuation where it belongs.
 */
function isolated(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).map(([k, v]) => [k, typeof v === 'string' ? `\u2068${v}\u2069` : v]));
}
